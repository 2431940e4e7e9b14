// Tab "Oferte": every offer, active or not, with its category, goal, state, clicks and last
// change; a form to create or edit one; a switch to activate or deactivate it (offers are never deleted: their
// clicks keep them); each offer's history ("Modificări": who, when, what); and the segments' rotation
// ("Segmente": manual or by share, SegmentsPanel).
import type { AdminOffer, OfferFields, OfferPatch } from '@bodymetrics/contracts';
import { isHttpError } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { useState } from 'react';
import { formatDateTime, formatNumber } from '../../lib/format';
import { bmiCategoryLabel, goalLabel } from '../../lib/labels';
import { offerTexts } from '../../texts';
import { DataTable } from '../DataTable';
import { OfferForm } from '../offers/OfferForm';
import { offerChangeText } from '../offers/offer-change-text';
import { useAdminOffers, useSaveOffer } from '../offers/offers-queries';
import { SegmentsPanel } from '../offers/SegmentsPanel';
import { useCanChange } from '../../auth/admin-role';
import { Panel } from '../Panel';
import { QueryState } from '../QueryState';
import type { Period } from '../analytics-queries';

type Editing = { mode: 'create' } | { mode: 'edit'; offer: AdminOffer } | null;

const lastChange = (offer: AdminOffer) => offer.changes[0]?.changedAt ?? null;

export function OffersTab(_props: { period: Period }) {
  const offers = useAdminOffers();
  const canChange = useCanChange();
  const save = useSaveOffer();
  const [editing, setEditing] = useState<Editing>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  function submit(id: number | undefined, fields: OfferFields | OfferPatch, after?: () => void) {
    setServerError(null);
    save.mutate(
      { ...(id === undefined ? {} : { id }), fields },
      {
        onSuccess: (offer) => {
          toast({ title: offerTexts.savedTitle, description: offer.title });
          after?.();
        },
        onError: (error) => {
          const message = (isHttpError(error) && error.serverError().message) || error.message;
          setServerError(message);
          toast({ title: offerTexts.saveFailedTitle, description: message, variant: 'destructive' });
        },
      },
    );
  }

  const selected = offers.data?.find((o) => o.id === historyOf);

  return (
    <>
      <Panel
        title={offerTexts.heading}
        actions={
          canChange && (
            <button
              type="button"
              className="button button-primary button-small"
              onClick={() => {
                setServerError(null);
                setEditing({ mode: 'create' });
              }}
            >
              {offerTexts.create}
            </button>
          )
        }
      >
        {editing ? (
          <OfferForm
            key={editing.mode === 'edit' ? editing.offer.id : 'new'}
            offer={editing.mode === 'edit' ? editing.offer : undefined}
            saving={save.isPending}
            serverError={serverError}
            onCancel={() => setEditing(null)}
            onSubmit={(fields) =>
              submit(editing.mode === 'edit' ? editing.offer.id : undefined, fields, () => setEditing(null))
            }
          />
        ) : null}
        <QueryState query={offers} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <DataTable<AdminOffer>
              caption={offerTexts.caption}
              rows={rows}
              rowKey={(r) => r.id}
              testId="admin-offers"
              columns={[
                { header: offerTexts.columnTitle, cell: (r) => r.title },
                { header: offerTexts.columnCategory, cell: (r) => bmiCategoryLabel(r.bmiCategory) },
                { header: offerTexts.columnGoal, cell: (r) => goalLabel(r.goal) },
                {
                  header: offerTexts.columnActive,
                  cell: (r) => (r.active ? offerTexts.isActive : offerTexts.isInactive),
                },
                { header: offerTexts.columnClicks, cell: (r) => formatNumber(r.clicks), numeric: true },
                {
                  header: offerTexts.columnLastChange,
                  cell: (r) => {
                    const at = lastChange(r);
                    return at ? formatDateTime(at) : offerTexts.never;
                  },
                },
                {
                  header: offerTexts.columnActions,
                  cell: (r) => (
                    <OfferActions
                      offer={r}
                      canChange={canChange}
                      saving={save.isPending}
                      historyShown={historyOf === r.id}
                      onEdit={() => {
                        setServerError(null);
                        setEditing({ mode: 'edit', offer: r });
                      }}
                      onSwitch={() => submit(r.id, { active: !r.active })}
                      onHistory={() => setHistoryOf(historyOf === r.id ? null : r.id)}
                    />
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </Panel>
      {selected ? <OfferHistory offer={selected} /> : null}
      <SegmentsPanel />
    </>
  );
}

/** An offer's row actions: edit it, switch it on or off, show its history. */
function OfferActions(props: {
  offer: AdminOffer;
  /** A viewer sees the history only. */
  canChange: boolean;
  saving: boolean;
  historyShown: boolean;
  onEdit: () => void;
  onSwitch: () => void;
  onHistory: () => void;
}) {
  const { offer: r } = props;
  return (
    <div className="row-actions">
      {props.canChange ? (
        <>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={offerTexts.editOffer(r.title)}
            onClick={props.onEdit}
          >
            {offerTexts.edit}
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={r.active ? offerTexts.deactivateOffer(r.title) : offerTexts.activateOffer(r.title)}
            disabled={props.saving}
            onClick={props.onSwitch}
          >
            {r.active ? offerTexts.deactivate : offerTexts.activate}
          </button>
        </>
      ) : null}
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={offerTexts.historyOf(r.title)}
        aria-pressed={props.historyShown}
        onClick={props.onHistory}
      >
        {offerTexts.history}
      </button>
    </div>
  );
}

/** "Modificări": who changed the offer, when, and what. */
function OfferHistory({ offer }: { offer: AdminOffer }) {
  return (
    <Panel title={offerTexts.historyOf(offer.title)}>
      {offer.changes.length === 0 ? (
        <p className="muted">{offerTexts.historyEmpty}</p>
      ) : (
        <DataTable
          caption={offerTexts.historyOf(offer.title)}
          captionHidden
          rows={offer.changes}
          rowKey={(c) => c.id}
          testId="offer-changes"
          columns={[
            { header: offerTexts.who, cell: (c) => c.adminUsername ?? offerTexts.unknownAdmin },
            { header: offerTexts.when, cell: (c) => formatDateTime(c.changedAt) },
            { header: offerTexts.what, cell: (c) => offerChangeText(c) },
          ]}
        />
      )}
    </Panel>
  );
}
