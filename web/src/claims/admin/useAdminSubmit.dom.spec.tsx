/**
 * Runs only where vitest dedupes React (the repo holds React 18 at the root for another package
 * and React 19 in web/): add `resolve: { dedupe: ['react', 'react-dom'] }` to the web project of
 * vitest.config.ts and include this file (a *.dom.spec.tsx name keeps it out of the unit glob).
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldChange } from '@feibao/domain/claims/claim.events';
import { ApiError } from '../../api/client.ts';

const api = vi.hoisted(() => ({ contrastClaim: vi.fn(), saveAmendment: vi.fn(), submitClaim: vi.fn() }));
const toaster = vi.hoisted(() => ({
  toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn() },
  notifyError: vi.fn(),
}));
vi.mock('../api.ts', () => api);
vi.mock('../../api/toaster.ts', () => toaster);

const { useAdminSubmit } = await import('./useAdminSubmit.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rows: FieldChange[] = [
  {
    moduleName: '事故基本信息',
    path: 'address',
    fieldName: '出险地址',
    operateType: '修改',
    oldValue: '旧地址',
    newValue: '新地址',
  },
  {
    moduleName: '无人机损失信息',
    path: 'settlementUavInfoList[UAV-1].price',
    fieldName: '无人机(UAV-1)·购价',
    operateType: '修改',
    oldValue: '1000',
    newValue: '1200',
  },
];
const form = { id: 'c-1', address: '新地址' };
const ok = { code: 20000, message: 'success', data: null };

let submit: (f: Record<string, unknown>, seenVersion?: number) => Promise<void>;
const onDone = vi.fn();
const Harness = () => {
  const admin = useAdminSubmit({ onDone });
  submit = admin.submit;
  return <>{admin.dialog}</>;
};

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  vi.clearAllMocks();
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root.render(<Harness />));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  document.body.innerHTML = '';
});

const byTestId = (id: string) =>
  [...document.querySelectorAll<HTMLElement>('[data-testid]')].find((el) => el.dataset.testid === id) ?? null;
const type = (el: HTMLElement, value: string) => {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  setter?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
};
const openDialog = async () => {
  api.contrastClaim.mockResolvedValue({ ...ok, data: { id: 'c-1', version: 7, rows } });
  await act(() => submit(form));
};
const confirm = () => act(async () => byTestId('amend-confirm')?.click());

describe('useAdminSubmit', () => {
  it('submits at once when the compare finds no change', async () => {
    api.contrastClaim.mockResolvedValue({ ...ok, data: { id: 'c-1', version: 3, rows: [] } });
    api.submitClaim.mockResolvedValue(ok);
    await act(() => submit(form));
    expect(api.submitClaim).toHaveBeenCalledWith(form);
    expect(api.saveAmendment).not.toHaveBeenCalled();
    expect(toaster.toast.success).toHaveBeenCalledWith('提交成功');
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(byTestId('amend-dialog')).toBeNull();
  });

  it('lists every changed field and refuses a blank explanation next to its row', async () => {
    await openDialog();
    expect(byTestId('amend-row-address')?.textContent).toContain('旧地址 → 新地址');
    expect(byTestId('amend-row-settlementUavInfoList[UAV-1].price')?.textContent).toContain('无人机(UAV-1)·购价');
    act(() => type(byTestId('amend-explanation-address') as HTMLElement, '客户来电更正'));
    act(() => type(byTestId('amend-explanation-settlementUavInfoList[UAV-1].price') as HTMLElement, '   '));
    await confirm();
    expect(api.saveAmendment).not.toHaveBeenCalled();
    expect(byTestId('amend-error-address')).toBeNull();
    expect(byTestId('amend-error-settlementUavInfoList[UAV-1].price')?.textContent).toBe('请填写修改说明');
  });

  it('saves the explanations against the compared version, then submits', async () => {
    api.saveAmendment.mockResolvedValue(ok);
    api.submitClaim.mockResolvedValue(ok);
    await openDialog();
    act(() => type(byTestId('amend-explanation-address') as HTMLElement, ' 客户来电更正 '));
    act(() => type(byTestId('amend-explanation-settlementUavInfoList[UAV-1].price') as HTMLElement, '发票为准'));
    await confirm();
    expect(api.saveAmendment).toHaveBeenCalledWith('c-1', 7, form, [
      { path: 'address', remark: '客户来电更正' },
      { path: 'settlementUavInfoList[UAV-1].price', remark: '发票为准' },
    ]);
    expect(toaster.toast.success.mock.calls.map((c) => c[0])).toEqual(['保存修改成功', '提交成功']);
    expect(api.submitClaim).toHaveBeenCalledWith(form);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a stale version shows the refusal, closes the dialog and reloads', async () => {
    api.saveAmendment.mockRejectedValue(new ApiError(40900, '理赔单已被他人修改，请重新比对', 409));
    await openDialog();
    for (const r of rows) act(() => type(byTestId(`amend-explanation-${r.path}`) as HTMLElement, '说明'));
    await confirm();
    expect(toaster.toast.warning).toHaveBeenCalledWith('理赔单已被他人修改，请重新比对');
    expect(api.submitClaim).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('compares naming the version the form was loaded at; a form changed since is refused and reloaded', async () => {
    api.contrastClaim.mockRejectedValue(new ApiError(40900, '理赔单已被他人修改，请刷新后重试', 409));
    await act(() => submit(form, 5));
    expect(api.contrastClaim).toHaveBeenCalledWith(form, 5);
    expect(toaster.toast.warning).toHaveBeenCalledWith('理赔单已被他人修改，请刷新后重试');
    expect(toaster.notifyError).not.toHaveBeenCalled();
    expect(byTestId('amend-dialog')).toBeNull();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('any other refusal is shown and the dialog stays', async () => {
    const refusal = new ApiError(40000, '请填写修改说明：出险地址', 400);
    api.saveAmendment.mockRejectedValue(refusal);
    await openDialog();
    for (const r of rows) act(() => type(byTestId(`amend-explanation-${r.path}`) as HTMLElement, '说明'));
    await confirm();
    expect(toaster.notifyError).toHaveBeenCalledWith(refusal);
    expect(onDone).not.toHaveBeenCalled();
    expect(byTestId('amend-confirm')).not.toBeNull();
  });
});
