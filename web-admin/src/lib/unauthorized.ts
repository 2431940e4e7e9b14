// A 401 from any analytics call means the admin session is gone: whoever holds the session listens
// here and sends the operator back to the login screen.
import { isHttpError } from '@bodymetrics/web-kit/api';

type Listener = () => void;
const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyUnauthorized(): void {
  for (const listener of listeners) listener();
}

/** The request's answer; its 401 (the session is gone) is told to the listeners before it is thrown on. */
export async function endingSessionOn401<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (isHttpError(error, 401)) notifyUnauthorized();
    throw error;
  }
}
