// The notification region: Radix Toast gives the spec's behaviour — 5000 ms on screen, swipe right
// past 50 px to dismiss, F8 moves focus to the region — and announces each toast to screen readers.
import * as Toast from '@radix-ui/react-toast';
import { toastTexts } from '../texts';
import { toastDurationMs, toastHotkey, toastSwipeThresholdPx } from './toast-settings';
import { dismissToast, useCurrentToast } from './toast-store';

export function Toaster() {
  const message = useCurrentToast();
  return (
    <Toast.Provider
      duration={toastDurationMs}
      swipeDirection="right"
      swipeThreshold={toastSwipeThresholdPx}
      label="Notificare"
    >
      {message && (
        <Toast.Root
          key={message.id}
          className={`toast toast-${message.variant}`}
          type={message.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={message.variant}
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id);
          }}
        >
          <div className="toast-text">
            <Toast.Title className="toast-title">{message.title}</Toast.Title>
            {message.description && (
              <Toast.Description className="toast-description">{message.description}</Toast.Description>
            )}
          </div>
          <Toast.Close className="toast-close" aria-label={toastTexts.close}>
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport" hotkey={toastHotkey} label={toastTexts.region} />
    </Toast.Provider>
  );
}
