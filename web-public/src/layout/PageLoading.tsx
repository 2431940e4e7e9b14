// What a lazily loaded route shows for the moment its code arrives.
import { frameTexts } from '../texts/frame';
import { useTexts } from '../texts/i18n';

export function PageLoading() {
  const t = useTexts(frameTexts);
  return (
    <div className="page page--narrow" aria-busy="true">
      <p className="visually-hidden" role="status">
        {t.loading}
      </p>
      <div className="skeleton skeleton--title" />
      <div className="skeleton" />
      <div className="skeleton" />
      <div className="skeleton skeleton--short" />
    </div>
  );
}
