// The visitor's toaster (the shared one, loaded after the first paint) in the page's language.
import { Toaster as KitToaster } from '@bodymetrics/web-kit/Toaster';
import { useTexts } from '../texts/i18n';
import { toasterTexts } from '../texts/storage-choice';

export default function Toaster() {
  return <KitToaster texts={useTexts(toasterTexts)} />;
}
