// Draws the toast store with Radix Toast: swipe right to dismiss (50 px threshold), F8 moves focus to the
// notification region, each toast announced politely (destructive ones assertively).
import * as Toast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts, TOAST_DURATION_MS } from './toast-store';

export default function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DURATION_MS}>
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          duration={item.duration ?? TOAST_DURATION_MS}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={`toast toast--${item.variant ?? 'default'}`}
        >
          <div className="toast__text">
            <Toast.Title className="toast__title">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="toast__description">{item.description}</Toast.Description>
            ) : null}
          </div>
          {item.action ? (
            <Toast.Action
              altText={item.action.altText}
              className="button button--small"
              onClick={item.action.onClick}
            >
              {item.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close className="toast__close" aria-label="Close">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" hotkey={['F8']} />
    </Toast.Provider>
  );
}
