// "Share Your Results" (spec §2): WhatsApp sharing and a fresh start.
import type { HealthResult } from '@bodymetrics/health';
import { useState } from 'react';
import { browserStorage } from '../lib/storage';
import { clearSavedFlow } from '../flow/saved-flow';
import { clearDeviceAnswers } from '../home/device-answers';
import { shareOnWhatsApp } from './share';

export function ShareSection({ result }: { result: HealthResult }) {
  const [sharing, setSharing] = useState(false);

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
      <h2 id="share-title">Share Your Results</h2>
      <div className="share__actions">
        <button type="button" className="button button--whatsapp" onClick={share} disabled={sharing}>
          Share on WhatsApp
        </button>
        <button type="button" className="button button--secondary" onClick={startNew}>
          Start New Calculation
        </button>
      </div>
    </section>
  );
}
