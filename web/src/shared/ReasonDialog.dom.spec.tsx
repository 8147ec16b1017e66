import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { domRoot } from './testing/domRoot.ts';
import { ApiError } from '../api/client.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

const toasts = vi.hoisted(() => ({ success: [] as string[], errors: [] as unknown[] }));
vi.mock('../api/toaster.ts', () => ({
  toast: { success: (m: string) => toasts.success.push(m) },
  notifyError: (e: unknown) => toasts.errors.push(e),
}));

const view = domRoot();
beforeEach(() => {
  toasts.success.length = 0;
  toasts.errors.length = 0;
});

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const type = (id: string, text: string) => {
  const area = byTestId(id) as HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
};
const click = async (id: string) => {
  await act(async () => {
    byTestId(id)!.click();
  });
};

describe('ReasonDialog, rule platform look', () => {
  it('requires a reason, names the field in the refusal and sends nothing', async () => {
    const run = vi.fn(async () => undefined);
    act(() =>
      view.root.render(<ReasonDialog look="rules" title="保存草稿" label="修改原因" run={run} onClose={() => {}} />),
    );
    expect(document.querySelector('.rp-step-dialog')).not.toBeNull();
    expect(document.body.textContent).toContain('（必填，每次修改都记录原因）');
    await click('rules-reason-save');
    expect(byTestId('rules-reason-problem')?.textContent).toBe('请填写修改原因');
    expect(run).not.toHaveBeenCalled();
  });

  it('shows a problem found before sending ahead of the reason', async () => {
    const run = vi.fn(async () => undefined);
    act(() =>
      view.root.render(<ReasonDialog look="rules" title="移动" problem="无法移动" run={run} onClose={() => {}} />),
    );
    type('rules-reason', '调整');
    await click('rules-reason-save');
    expect(byTestId('rules-reason-problem')?.textContent).toBe('无法移动');
    expect(run).not.toHaveBeenCalled();
  });

  it("sends the trimmed reason and closes; the server's refusal stays in the dialog", async () => {
    const onClose = vi.fn();
    const run = vi
      .fn<(reason: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(40000, '版本已被他人修改', 200))
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce(undefined);
    act(() => view.root.render(<ReasonDialog look="rules" title="保存" run={run} onClose={onClose} />));
    type('rules-reason', '  调整费率  ');
    await click('rules-reason-save');
    expect(byTestId('rules-reason-problem')?.textContent).toBe('版本已被他人修改');
    await click('rules-reason-save');
    expect(byTestId('rules-reason-problem')?.textContent).toBe('保存失败，请稍后重试');
    expect(onClose).not.toHaveBeenCalled();
    await click('rules-reason-save');
    expect(run).toHaveBeenLastCalledWith('调整费率');
    expect(onClose).toHaveBeenCalledOnce();
    expect(toasts.success).toEqual([]);
  });
});

describe('ReasonDialog, console look', () => {
  const render = (props: Partial<Parameters<typeof ReasonDialog>[0]> = {}) => {
    const calls: string[] = [];
    const run = vi.fn(async () => {
      calls.push('run');
      return { message: '已重试' };
    });
    act(() =>
      view.root.render(
        <ReasonDialog
          look="console"
          title="重试投影 orders"
          label="原因（将记入操作记录）"
          testIds="ops"
          problemOf={(reason) => (reason.trim().length < 2 ? '请填写原因（至少2个字）' : null)}
          run={run}
          onClose={() => calls.push('close')}
          onDone={async () => calls.push('done')}
          {...props}
        >
          投影将重新运行。
        </ReasonDialog>,
      ),
    );
    return { calls, run };
  };

  it('says what will happen in a callout and refuses a short reason under the field', async () => {
    const { run } = render({ intent: 'danger' });
    expect(document.querySelector('.fb-bo-dialog.fb-ops-dialog')).not.toBeNull();
    expect(document.querySelector('.fb-bo-dialog-what')?.textContent).toBe('投影将重新运行。');
    await click('ops-dialog-ok');
    expect(document.querySelector('.bp6-form-helper-text')?.textContent).toBe('请填写原因（至少2个字）');
    expect(byTestId('ops-reason-problem')).toBeNull();
    expect(run).not.toHaveBeenCalled();
  });

  it("toasts the server's message, closes, then reloads", async () => {
    const { calls, run } = render();
    type('ops-reason', ' 确认故障已排除 ');
    await click('ops-dialog-ok');
    expect(run).toHaveBeenCalledWith('确认故障已排除');
    expect(toasts.success).toEqual(['已重试']);
    expect(calls).toEqual(['run', 'close', 'done']);
  });

  it('hands a failure to the toaster and keeps the dialog open', async () => {
    const refusal = new ApiError(40900, '投影未暂停', 200);
    const { calls } = render({
      run: async () => {
        throw refusal;
      },
    });
    type('ops-reason', '确认故障已排除');
    await click('ops-dialog-ok');
    expect(toasts.errors).toEqual([refusal]);
    expect(calls).toEqual([]);
  });
});
