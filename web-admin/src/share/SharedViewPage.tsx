// The page of a shared link (/admin/share/<token>), for someone without an admin account: the link's name,
// the password form when it has one, then the chosen tabs' figures and charts over 7, 30 or 90 days — the
// overview's cards and each tab's tables. No live visitors, no visitor id, no control: nothing here writes.
import { isHttpError } from '@bodymetrics/web-kit/api';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { TextField } from '../forms/TextField';
import { formatDateTime } from '../lib/format';
import { sharedViewTexts } from '../texts';
import { OverviewCards } from '../dashboard/OverviewCards';
import { SharedTabSection } from './SharedTabSection';
import {
  useSharedOverview,
  useSharedViewInfo,
  useUnlockSharedView,
  type SharedDays,
} from './shared-view-queries';

const presets: SharedDays[] = [7, 30, 90];

function UnlockForm({ token }: { token: string }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const unlock = useUnlockSharedView(token);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unlock.isPending) unlock.mutate(password);
  };
  return (
    <form className="form auth-form" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{sharedViewTexts.passwordHeading}</h2>
      <TextField
        label={sharedViewTexts.passwordLabel}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
      />
      {unlock.isError ? (
        <p role="alert" className="form-error">
          {isHttpError(unlock.error, 401) ? sharedViewTexts.wrongPassword : unlock.error.message}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={unlock.isPending}>
        {sharedViewTexts.unlock}
      </button>
    </form>
  );
}

function SharedFigures({
  token,
  tabs,
}: {
  token: string;
  tabs: Parameters<typeof SharedTabSection>[0]['tab'][];
}) {
  const [days, setDays] = useState<SharedDays>(30);
  const overview = useSharedOverview(token, days);
  return (
    <>
      <div className="period-picker" role="group" aria-label={sharedViewTexts.period}>
        {presets.map((preset) => (
          <button
            key={preset}
            type="button"
            className={preset === days ? 'button button-primary' : 'button button-secondary'}
            aria-pressed={preset === days}
            onClick={() => setDays(preset)}
          >
            {sharedViewTexts.lastDays(preset)}
          </button>
        ))}
      </div>
      <OverviewCards overview={overview} activeUsers={null} liveDown={false} live={false} period={{ days }} />
      {tabs.map((tab) => (
        <SharedTabSection key={tab} token={token} tab={tab} days={days} />
      ))}
    </>
  );
}

export function SharedViewPage({ token }: { token: string }) {
  const info = useSharedViewInfo(token);
  const name = info.data?.name;
  useEffect(() => {
    if (name) document.title = sharedViewTexts.pageTitle(name);
  }, [name]);
  let body;
  if (info.isError) {
    body = (
      <p role="alert" className="form-error" data-testid="shared-view-refused">
        {isHttpError(info.error, 403)
          ? sharedViewTexts.unavailable
          : isHttpError(info.error, 404)
            ? sharedViewTexts.notFound
            : info.error.message}
      </p>
    );
  } else if (!info.data) {
    body = (
      <p role="status" className="muted">
        {sharedViewTexts.loading}
      </p>
    );
  } else if (info.data.passwordRequired && !info.data.unlocked) {
    body = <UnlockForm token={token} />;
  } else {
    body = <SharedFigures token={token} tabs={info.data.tabs} />;
  }
  return (
    <main className="dashboard shared-view" data-testid="shared-view">
      <header className="dashboard-header">
        <h1>{name ?? 'BodyMetrics'}</h1>
        <p className="muted">
          {sharedViewTexts.readOnly}
          {info.data?.expiresAt ? ` · ${sharedViewTexts.expiresOn(formatDateTime(info.data.expiresAt))}` : ''}
        </p>
      </header>
      {body}
    </main>
  );
}
