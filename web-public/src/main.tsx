import '@bodymetrics/web-kit/tokens.css';
import '@bodymetrics/web-kit/base.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { reloadOnStaleBuild } from './lib/lazy-part';
import { startLanguage } from './texts/i18n';
import { startPageTracking } from './tracking/track';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A tab left open across a release asks for chunks that are gone: it reloads once into the new build.
reloadOnStaleBuild();

// Romanian visitors get their catalogue before the first paint (no English flash); English is inline.
void startLanguage().finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Analytics wait until the page has painted and the browser is idle: they must never delay the visitor.
function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1000);
}
requestAnimationFrame(() => whenIdle(startPageTracking));
