// "Resetează toate datele": wipes every analytics table, only after two successive confirmations
// (spec §2, §6). Each confirmation is its own alert dialog, so the second one opens with the focus on
// "Anulează" and a double Enter can never delete.
import '@bodymetrics/web-kit/zod-jitless';
import { analyticsRoutes, type ResetAllDataResult } from '@bodymetrics/contracts';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { call, isHttpError } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { useAdminSessionId } from '../auth/AdminSessionProvider';
import { formatNumber } from '../lib/format';
import { notifyUnauthorized } from '../lib/unauthorized';
import { resetAllTexts } from '../texts';
import { analyticsQueryRoot } from './analytics-queries';

type Step = 'closed' | 'first' | 'second';

async function resetAllData(sessionId: string): Promise<ResetAllDataResult> {
  try {
    const result = await call(analyticsRoutes.resetAllData, {}, { sessionId });
    if (!result.success) throw new Error(result.error ?? 'reset-all-data answered success: false');
    return result;
  } catch (error) {
    if (isHttpError(error, 401)) notifyUnauthorized();
    throw error;
  }
}

export function ResetAllDataButton() {
  const sessionId = useAdminSessionId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('closed');
  // While the first dialog hands over to the second, the focus must not jump back to the trigger.
  const handingOver = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const mutation = useMutation({
    mutationFn: () => resetAllData(sessionId),
    onSuccess: (result) => {
      toast({
        title: resetAllTexts.doneTitle,
        description: resetAllTexts.done(formatNumber(result.details.totalDeleted)),
      });
    },
    onError: (error) => {
      console.error('reset-all-data failed', error);
      toast({ title: resetAllTexts.failedTitle, description: resetAllTexts.failed, variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsQueryRoot }),
  });

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="button button-danger"
        // aria-disabled rather than disabled: the focus comes back here when the dialogs close.
        aria-disabled={mutation.isPending || undefined}
        onClick={() => {
          if (!mutation.isPending) setStep('first');
        }}
      >
        {mutation.isPending ? resetAllTexts.running : resetAllTexts.button}
      </button>

      <AlertDialog.Root open={step === 'first'} onOpenChange={(open) => !open && setStep('closed')}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content
            className="dialog"
            onCloseAutoFocus={(event) => {
              // Radix gives the focus back to its own Trigger, and these dialogs have none (the button opens
              // them through `step`): without this, closing the first one left the focus on the page body.
              event.preventDefault();
              if (!handingOver.current) trigger.current?.focus();
              handingOver.current = false;
            }}
          >
            <AlertDialog.Title className="dialog-title">{resetAllTexts.firstTitle}</AlertDialog.Title>
            <AlertDialog.Description className="dialog-body">
              {resetAllTexts.firstBody}
            </AlertDialog.Description>
            <div className="dialog-actions">
              <AlertDialog.Cancel className="button button-secondary">
                {resetAllTexts.cancel}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className="button button-danger"
                onClick={(event) => {
                  event.preventDefault();
                  handingOver.current = true;
                  setStep('second');
                }}
              >
                {resetAllTexts.firstConfirm}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>

      <AlertDialog.Root open={step === 'second'} onOpenChange={(open) => !open && setStep('closed')}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          <AlertDialog.Content
            className="dialog"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              trigger.current?.focus();
            }}
          >
            <AlertDialog.Title className="dialog-title">{resetAllTexts.secondTitle}</AlertDialog.Title>
            <AlertDialog.Description className="dialog-body">
              {resetAllTexts.secondBody}
            </AlertDialog.Description>
            <div className="dialog-actions">
              <AlertDialog.Cancel className="button button-secondary">
                {resetAllTexts.cancel}
              </AlertDialog.Cancel>
              <AlertDialog.Action className="button button-danger" onClick={() => mutation.mutate()}>
                {resetAllTexts.secondConfirm}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
