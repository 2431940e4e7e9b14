// What a panel shows before its data is there: loading, the error, or "no data".
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { dashboardTexts } from '../texts';

export function QueryState<T>({
  query,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p className="muted" role="status">
        {dashboardTexts.loading}
      </p>
    );
  if (query.isError) {
    return (
      <p className="form-error" role="alert">
        {dashboardTexts.loadFailed(query.error.message)}
      </p>
    );
  }
  if (isEmpty?.(query.data)) return <p className="muted">{dashboardTexts.empty}</p>;
  return <>{children(query.data)}</>;
}
