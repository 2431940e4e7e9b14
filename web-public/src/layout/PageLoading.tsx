// What a lazily loaded route shows for the moment its code arrives.
export function PageLoading() {
  return (
    <div className="page page--narrow" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <div className="skeleton skeleton--title" />
      <div className="skeleton" />
      <div className="skeleton" />
      <div className="skeleton skeleton--short" />
    </div>
  );
}
