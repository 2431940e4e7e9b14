// The visitor's toaster (the shared one, loaded after the first paint) with the app's English words.
import { Toaster as KitToaster } from '@bodymetrics/web-kit/Toaster';

const texts = { close: 'Close' };

export default function Toaster() {
  return <KitToaster texts={texts} />;
}
