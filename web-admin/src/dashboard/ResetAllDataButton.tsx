// "Resetează toate datele": wipes every analytics table, only after two successive confirmations
// (spec §2, §6). Each confirmation is its own alert dialog, so the second one opens with the focus on
// "Anulează" and a double Enter can never delete.
import '@bodymetrics/web-kit/zod-jitless';
import { analyticsRoutes, type ResetAllDataResult } from '@bodymetrics/contracts';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type MouseEvent } from 'react';
import { call } from '@bodymetrics/web-kit/api';
import { toast } from '@bodymetrics/web-kit/toast';
import { useAdminSessionId } from '../auth/AdminSessionProvider';
import { formatNumber } from '../lib/format';
import { endingSessionOn401 } from '../lib/unauthorized';
import { resetAllTexts } from '../texts';
import { analyticsQueryRoot } from './analytics-queries';

type Step = 'closed' | 'first' | 'second';

async function resetAllData(sessionId: string): Promise<ResetAllDataResult> {
  const result = await endingSessionOn401(call(analyticsRoutes.resetAllData, {}, { sessionId }));
  if (!result.success) throw new Error(result.error ?? 'reset-all-data answered success: false');
  return result;
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

      <ConfirmationDialog
        open={step === 'first'}
        onDismiss={() => setStep('closed')}
        onCloseAutoFocus={(event) => {
          // Radix gives the focus back to its own Trigger, and these dialogs have none (the button opens
          // them through `step`): without this, closing the first one left the focus on the page body.
          event.preventDefault();
          if (!handingOver.current) trigger.current?.focus();
          handingOver.current = false;
        }}
        title={resetAllTexts.firstTitle}
        body={resetAllTexts.firstBody}
        confirm={resetAllTexts.firstConfirm}
        onConfirm={(event) => {
          event.preventDefault();
          handingOver.current = true;
          setStep('second');
        }}
      />

      <ConfirmationDialog
        open={step === 'second'}
        onDismiss={() => setStep('closed')}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
        title={resetAllTexts.secondTitle}
        body={resetAllTexts.secondBody}
        confirm={resetAllTexts.secondConfirm}
        onConfirm={() => mutation.mutate()}
      />
    </>
  );
}

/** One of the two confirmations: an alert dialog whose focus starts on "Anulează". */
function ConfirmationDialog(props: {
  open: boolean;
  onDismiss: () => void;
  onCloseAutoFocus: (event: Event) => void;
  title: string;
  body: string;
  confirm: string;
  onConfirm: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <AlertDialog.Root open={props.open} onOpenChange={(open) => !open && props.onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" onCloseAutoFocus={props.onCloseAutoFocus}>
          <AlertDialog.Title className="dialog-title">{props.title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-body">{props.body}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button button-secondary">
              {resetAllTexts.cancel}
            </AlertDialog.Cancel>
            <AlertDialog.Action className="button button-danger" onClick={props.onConfirm}>
              {props.confirm}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
