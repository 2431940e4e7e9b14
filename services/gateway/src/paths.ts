// Where the two React builds are, relative to this file (services/gateway/src → repository root).
import { fileURLToPath } from 'node:url';

export const defaultPublicDir = fileURLToPath(new URL('../../../web-public/dist', import.meta.url));
export const defaultAdminDir = fileURLToPath(new URL('../../../web-admin/dist', import.meta.url));
