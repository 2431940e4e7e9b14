// The "Partajare" tab: the admin makes a read-only link to chosen tabs (name, tabs, optional password and
// expiry), sees it once with its token, and lists and revokes the links. Names are shown as text.
import { sharedViewTabs, type SharedView, type SharedViewTab } from '@bodymetrics/contracts';
import { useId, useState, type FormEvent } from 'react';
import { DayField, dayOfTyped } from '../../forms/DayField';
import { FormError } from '../../forms/FormError';
import { TextField } from '../../forms/TextField';
import { formatDateTime } from '../../lib/format';
import { sharedViewTexts, tabTexts } from '../../texts';
import { ListTable } from '../ListTable';
import { Panel } from '../Panel';
import { useSharedViews, useSharedViewWrites } from './shared-views-queries';

const statusOf = (view: SharedView) =>
  view.revokedAt
    ? sharedViewTexts.revoked
    : view.expiresAt && Date.parse(view.expiresAt) <= Date.now()
      ? sharedViewTexts.expired
      : sharedViewTexts.active;

function NewLinkForm() {
  const id = useId();
  const { create } = useSharedViewWrites();
  const [name, setName] = useState('');
  const [tabs, setTabs] = useState<SharedViewTab[]>(['daily']);
  const [password, setPassword] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [expiryError, setExpiryError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const expiryDay = dayOfTyped(expiresAt);
    setExpiryError(expiryDay instanceof Error ? expiryDay.message : null);
    if (expiryDay instanceof Error) return;
    create.mutate({
      name,
      tabs,
      ...(password ? { password } : {}),
      ...(expiryDay ? { expiresAt: expiryDay } : {}),
    });
  };
  const toggle = (tab: SharedViewTab, on: boolean) =>
    setTabs((chosen) => (on ? [...chosen, tab] : chosen.filter((t) => t !== tab)));
  const made = create.data;
  return (
    <form className="form shared-view-form" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>{sharedViewTexts.createHeading}</h4>
      <TextField
        label={sharedViewTexts.name}
        name="name"
        required
        maxLength={80}
        value={name}
        onValueChange={setName}
      />
      <fieldset className="field">
        <legend>{sharedViewTexts.tabs}</legend>
        {sharedViewTabs.map((tab) => (
          <label key={tab} className="checkbox">
            <input
              type="checkbox"
              checked={tabs.includes(tab)}
              onChange={(e) => toggle(tab, e.target.checked)}
            />{' '}
            {tabTexts[tab]}
          </label>
        ))}
      </fieldset>
      <TextField
        label={sharedViewTexts.password}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
      />
      <DayField
        label={sharedViewTexts.expiresAt}
        name="expiresAt"
        value={expiresAt}
        onValueChange={setExpiresAt}
      />
      <FormError message={expiryError} />
      <FormError message={create.error ? sharedViewTexts.createFailed(create.error.message) : null} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? sharedViewTexts.creating : sharedViewTexts.create}
        </button>
      </div>
      {made ? (
        <p role="status" className="shared-view-made">
          {sharedViewTexts.createdOnce}{' '}
          <output data-testid="shared-view-url">{new URL(made.url, window.location.origin).href}</output>
        </p>
      ) : null}
    </form>
  );
}

function LinkList() {
  const views = useSharedViews();
  const { revoke } = useSharedViewWrites();
  const list = views.data?.sharedViews;
  if (!list) return <p className="muted">{sharedViewTexts.loading}</p>;
  if (list.length === 0) return <p className="muted">{sharedViewTexts.none}</p>;
  const c = sharedViewTexts.columns;
  return (
    <ListTable
      testId="shared-views-table"
      caption={sharedViewTexts.heading}
      columns={[c.name, c.tabs, c.expiresAt, c.status, c.createdBy, ''].map((label) => ({ label }))}
    >
      {list.map((view) => (
        <tr key={view.id}>
          <td>
            {view.name}
            {view.passwordProtected ? ` (${sharedViewTexts.withPassword})` : ''}
          </td>
          <td>{view.tabs.map((tab) => tabTexts[tab]).join(', ')}</td>
          <td>{view.expiresAt ? formatDateTime(view.expiresAt) : sharedViewTexts.never}</td>
          <td>{statusOf(view)}</td>
          <td>{view.createdBy}</td>
          <td>
            {view.revokedAt ? null : (
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={sharedViewTexts.revokeLabel(view.name)}
                onClick={() => revoke.mutate(view.id)}
              >
                {sharedViewTexts.revoke}
              </button>
            )}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

export function SharedViewsTab() {
  return (
    <Panel title={sharedViewTexts.heading}>
      <p className="muted">{sharedViewTexts.intro}</p>
      <NewLinkForm />
      <LinkList />
    </Panel>
  );
}
