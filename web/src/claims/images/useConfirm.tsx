/** A promise-shaped confirmation: `if (!(await ask('…'))) return;` with one dialog element to render. */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useCallback, useRef, useState } from 'react';
import { focusDialog } from '../../shared/dialogFocus.ts';

export const useConfirm = (mobile: boolean) => {
  const [question, setQuestion] = useState<string | null>(null);
  const answer = useRef<((ok: boolean) => void) | null>(null);

  const ask = useCallback((text: string) => {
    answer.current?.(false);
    setQuestion(text);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);
  const close = (ok: boolean) => {
    answer.current?.(ok);
    answer.current = null;
    setQuestion(null);
  };

  const size = mobile ? 'large' : undefined;
  const element = (
    <Dialog
      isOpen={question !== null}
      onClose={() => close(false)}
      // A tap outside is too easy after a long press: the answer comes from the buttons.
      canOutsideClickClose={false}
      onOpening={focusDialog}
      title="提示"
      className={mobile ? 'fb-images-confirm fb-images-confirm-mobile' : 'fb-images-confirm'}
    >
      <DialogBody>
        <p data-testid="images-confirm-text">{question}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button size={size} text="取消" data-testid="images-confirm-cancel" onClick={() => close(false)} />
            <Button
              size={size}
              intent="primary"
              text="确定"
              data-testid="images-confirm-ok"
              onClick={() => close(true)}
            />
          </>
        }
      />
    </Dialog>
  );
  return { ask, element };
};
