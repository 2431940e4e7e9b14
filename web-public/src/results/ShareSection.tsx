// "Share Your Results" (spec §2): WhatsApp sharing and a fresh start.
import type { HealthResult } from '@bodymetrics/health';
import { useState } from 'react';
import { browserStorage } from '../lib/storage';
import { clearSavedFlow } from '../flow/saved-flow';
import { clearDeviceAnswers } from '../home/device-answers';
import { useTexts } from '../texts/i18n';
import { resultsTexts } from '../texts/results';
import { shareOnWhatsApp } from './share';

export function ShareSection({ result }: { result: HealthResult }) {
  const [sharing, setSharing] = useState(false);
  const t = useTexts(resultsTexts);

  const share = () => {
    setSharing(true);
    void shareOnWhatsApp(result).finally(() => setSharing(false));
  };

  const startNew = () => {
    clearSavedFlow(browserStorage('localStorage'));
    clearDeviceAnswers();
    window.location.reload();
  };

  return (
    <section className="card share" aria-labelledby="share-title">
      <h2 id="share-title">{t.shareTitle}</h2>
      <div className="share__actions">
        <button type="button" className="button button--whatsapp" onClick={share} disabled={sharing}>
          {t.shareWhatsApp}
        </button>
        <button type="button" className="button button--secondary" onClick={startNew}>
          {t.startNew}
        </button>
      </div>
    </section>
  );
}
