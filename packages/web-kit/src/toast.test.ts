import { describe, expect, it } from 'vitest';
import { currentToast, dismissToast, toast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './toast';

describe('toasts', () => {
  it('show one at a time: a new one replaces the one on screen', () => {
    toast({ title: 'Autentificare reușită', description: 'Bine ai revenit, admin!' });
    const first = currentToast();
    toast({ title: 'Te-ai deconectat', variant: 'default' });
    expect(currentToast()).toMatchObject({ title: 'Te-ai deconectat', variant: 'default' });

    // Closing the toast that was replaced leaves the new one in place.
    dismissToast(first?.id ?? -1);
    expect(currentToast()?.title).toBe('Te-ai deconectat');
    dismissToast(currentToast()?.id ?? -1);
    expect(currentToast()).toBeNull();
  });

  it('stay 5 s and are swiped away to the right past 50 px', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
  });

  it('are destructive when something failed', () => {
    toast({
      title: 'Autentificare eșuată',
      description: 'Nume de utilizator sau parolă incorecte',
      variant: 'destructive',
    });
    expect(currentToast()).toMatchObject({
      variant: 'destructive',
      description: 'Nume de utilizator sau parolă incorecte',
    });
  });
});
