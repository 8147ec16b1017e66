import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domRoot } from './testing/domRoot.ts';
import { Field, useForm } from './form.tsx';

const view = domRoot();

/** The hook under test and where its latest answer goes; HookProbe renders it. */
let probe: { hook: () => unknown; latest: unknown } = { hook: () => undefined, latest: undefined };
const HookProbe = () => {
  probe.latest = probe.hook();
  return null;
};
/** Renders a hook and hands back its latest answer. */
const renderHook = <T,>(hook: () => T) => {
  probe = { hook, latest: undefined };
  act(() => view.root.render(<HookProbe />));
  return {
    get current() {
      return probe.latest as T;
    },
  };
};

const BoundInput = () => {
  const form = useForm({ mobilePhone: '' });
  return (
    <Field label="手机号" name="mobilePhone" error={form.errors.mobilePhone}>
      <input id="f-mobilePhone" {...form.bind('mobilePhone')} data-intent={form.bind('mobilePhone').intent} />
      <button type="button" onClick={() => form.setErrors({ mobilePhone: '请输入手机号' })}>
        check
      </button>
    </Field>
  );
};

type Doc = { name: string; drones: { code: string }[]; count: number };
/** A derived field, as the domain's rules keep them: the count follows the list. */
const withCount = (d: Doc): Doc => ({ ...d, count: d.drones.length });

describe('useForm', () => {
  it('sets one field, clears its error and counts as an edit', () => {
    const form = renderHook(() => useForm({ name: '', phone: '' }));
    expect(form.current.edited).toBe(false);
    act(() => form.current.setErrors({ name: '请输入姓名', phone: '请输入手机号' }));
    act(() => form.current.set('name', '张三'));
    expect(form.current.values).toEqual({ name: '张三', phone: '' });
    expect(form.current.errors).toEqual({ phone: '请输入手机号' });
    expect(form.current.edited).toBe(true);
  });

  it('binds an input: its value, its change and a danger intent while it has an error', () => {
    act(() => view.root.render(<BoundInput />));
    const input = view.host.querySelector('input')!;
    act(() => view.host.querySelector('button')!.click());
    expect(view.host.querySelector('[role="alert"]')?.textContent).toBe('请输入手机号');
    expect(input.dataset.intent).toBe('danger');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setValue.call(input, '13800000000');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(input.value).toBe('13800000000');
    expect(view.host.querySelector('[role="alert"]')).toBeNull();
    expect(input.dataset.intent).toBeUndefined();
  });

  it('applies a whole-value transition to a nested form, so derived fields follow', () => {
    const form = renderHook(() => useForm<Doc>({ name: '', drones: [], count: 0 }));
    act(() => form.current.update((d) => withCount({ ...d, drones: [...d.drones, { code: 'A1' }] })));
    act(() => form.current.update((d) => withCount({ ...d, drones: [...d.drones, { code: 'B2' }] })));
    expect(form.current.values).toEqual({ name: '', drones: [{ code: 'A1' }, { code: 'B2' }], count: 2 });
    expect(form.current.edited).toBe(true);
  });

  it('starts empty until reset gives it values; edits before that are dropped, and a reset is no edit', () => {
    const form = renderHook(() => useForm<Doc | null>(null));
    act(() => form.current.update(withCount));
    act(() => form.current.set('name', 'x'));
    expect(form.current.values).toBeNull();
    act(() => form.current.setErrors({ name: '请输入名称' }));
    act(() => form.current.reset({ name: '', drones: [{ code: 'A1' }], count: 1 }));
    expect(form.current.values).toEqual({ name: '', drones: [{ code: 'A1' }], count: 1 });
    expect(form.current.errors).toEqual({});
    expect(form.current.edited).toBe(false);
    act(() => form.current.set('name', '植保'));
    expect(form.current.values?.name).toBe('植保');
    expect(form.current.edited).toBe(true);
  });

  it('takes a lazy initial value', () => {
    let built = 0;
    const form = renderHook(() =>
      useForm(() => {
        built += 1;
        return { name: 'x' };
      }),
    );
    act(() => form.current.set('name', 'y'));
    expect(form.current.values.name).toBe('y');
    expect(built).toBe(1);
  });
});
