// "Administratori": the accounts (add one, change its role, disable or enable it) and the read-only API
// keys (create one — its key shown once —, revoke). Shown to admins only; the server refuses a viewer's
// changes anyway. Names and e-mails are rendered as text.
import { adminRoles, type AdminRole } from '@bodymetrics/contracts';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../lib/format';
import { Panel } from '../Panel';
import { ListTable } from '../ListTable';
import { adminsTexts as t } from './admins-texts';
import {
  useAdminAccounts,
  useApiKeys,
  useChangeAccount,
  useCreateAccount,
  useCreateApiKey,
  useRevokeApiKey,
} from './admin-accounts-queries';

const roleLabel = (role: AdminRole) => (role === 'admin' ? t.roleAdmin : t.roleViewer);

function RoleSelect(props: { value: AdminRole; label: string; onChange: (role: AdminRole) => void }) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as AdminRole)}
    >
      {adminRoles.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  );
}

function NewAccountForm() {
  const [fields, setFields] = useState({
    username: '',
    email: '',
    password: '',
    role: 'viewer' as AdminRole,
  });
  const create = useCreateAccount(() => setFields({ username: '', email: '', password: '', role: 'viewer' }));
  const text = (name: 'username' | 'email' | 'password', label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        value={fields[name]}
        autoComplete={name === 'password' ? 'new-password' : 'off'}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
      />
    </label>
  );
  return (
    <form
      className="admins-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        create.mutate(fields);
      }}
    >
      {text('username', t.username)}
      {text('email', t.email, 'email')}
      {text('password', t.password, 'password')}
      <RoleSelect value={fields.role} label={t.role} onChange={(role) => setFields({ ...fields, role })} />
      <button type="submit" className="button button-primary button-small" disabled={create.isPending}>
        {t.create}
      </button>
    </form>
  );
}

function Accounts() {
  const accounts = useAdminAccounts();
  const change = useChangeAccount();
  if (!accounts.data) return <p className="muted">{t.loading}</p>;
  return (
    <ListTable
      testId="admin-accounts"
      caption={t.accountsCaption}
      columns={[t.username, t.email, t.role, t.status, t.actions].map((label) => ({ label }))}
    >
      {accounts.data.admins.map((a) => (
        <tr key={a.id}>
          <td>{a.username}</td>
          <td>{a.email}</td>
          <td>
            <RoleSelect
              value={a.role}
              label={t.roleOf(a.username)}
              onChange={(role) => change.mutate({ id: a.id, change: { role } })}
            />
          </td>
          <td>{a.isActive ? t.active : t.inactive}</td>
          <td>
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={a.isActive ? t.disableOf(a.username) : t.enableOf(a.username)}
              disabled={change.isPending}
              onClick={() => change.mutate({ id: a.id, change: { isActive: !a.isActive } })}
            >
              {a.isActive ? t.disable : t.enable}
            </button>
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function ApiKeys() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const when = (at: string | null) => (at ? formatDateTime(at) : t.never);
  return (
    <>
      <h3>{t.keysHeading}</h3>
      <p className="muted">{t.keysExplanation}</p>
      <form
        className="admins-form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          create.mutate(name, { onSuccess: () => setName('') });
        }}
      >
        <label>
          {t.keyName}
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="button button-primary button-small" disabled={create.isPending}>
          {t.createKey}
        </button>
      </form>
      {create.data ? (
        <p role="status" data-testid="api-key-shown-once">
          {t.keyShownOnce} <code>{create.data.key}</code>
        </p>
      ) : null}
      {keys.data ? (
        <ListTable
          testId="api-keys"
          caption={t.keysCaption}
          columns={[t.keyName, t.keyPrefix, t.keyCreatedAt, t.keyLastUsed, t.keyRevokedAt, t.actions].map(
            (label) => ({ label }),
          )}
        >
          {keys.data.keys.map((k) => (
            <tr key={k.id}>
              <td>{k.name}</td>
              <td>
                <code>{k.prefix}</code>
              </td>
              <td>{formatDateTime(k.createdAt)}</td>
              <td>{when(k.lastUsedAt)}</td>
              <td>{k.revokedAt ? formatDateTime(k.revokedAt) : ''}</td>
              <td>
                {k.revokedAt ? null : (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={t.revokeOf(k.name)}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(k.id)}
                  >
                    {t.revoke}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : (
        <p className="muted">{t.loading}</p>
      )}
    </>
  );
}

export function AdminsPanel() {
  return (
    <Panel title={t.heading}>
      <Accounts />
      <NewAccountForm />
      <ApiKeys />
    </Panel>
  );
}
