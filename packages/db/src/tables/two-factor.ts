// The admins' second factor (admin-auth): the TOTP secret, the recovery codes and the tokens between the
// password and the second factor.
import type { Generated } from 'kysely';
import type { DefaultTimestamp, Timestamp } from './columns';

export interface AdminTwoFactorTable {
  admin_id: number;
  /** The TOTP secret (base32), as the authenticator app has it. */
  secret: string;
  /** Null while the enrolment waits for its first code: no factor yet. */
  confirmed_at: Timestamp | null;
  /** The TOTP time-step of the last accepted code: a code of that step or earlier is refused. */
  last_used_step: number | null;
  created_at: DefaultTimestamp;
}

export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  used_at: Timestamp | null;
}

/** What a token between the password and the session allows: a second-factor code, or enrolling one. */
export type LoginChallengePurpose = 'code' | 'enrol';

export interface AdminLoginChallengesTable {
  /** SHA-256 (hex) of the token the browser holds. */
  token_hash: string;
  admin_id: number;
  purpose: LoginChallengePurpose;
  expires_at: Timestamp;
}

export interface TwoFactorTables {
  admin_two_factor: AdminTwoFactorTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_login_challenges: AdminLoginChallengesTable;
}
