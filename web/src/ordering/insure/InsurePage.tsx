/**
 * /platform/insure and /touch/insure: the insure form with draft save, inquiry and (type 1)
 * the live price range. Query: type, id, show, reInquiry, insuranceType, jumpFrom, text, from.
 */
import { startTransition, useEffect, useState } from 'react';
import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ResultCode } from '@feibao/domain/shared/codes';
import { STORAGE_KEYS, useSession } from '../../api/session.ts';
import { ApiError } from '../../api/client.ts';
import { useProfile } from '../../accounts/api.ts';
import {
  fetchPriceRange,
  requestInquiry,
  saveDraft,
  useDroneBrands,
  useInsuranceTypes,
  useInsurers,
  useOrderDetails,
  type PriceRange,
} from '../api.ts';
import { notifyError, toast } from '../../api/toaster.ts';
import { uiStore } from '../../api/ui.ts';
import { BackToTop } from '../../shared/BackToTop.tsx';
import { TouchPageBar } from '../../shared/TouchPageBar.tsx';
import {
  type FormState,
  applicationFieldFor,
  applyRules,
  checkForm,
  emptyForm,
  fromOrder,
  normalised,
  payloadOf,
  preselectCovers,
} from './formState.ts';
import { can } from '../actions.ts';
import { GuidePage } from '../GuidePage.tsx';
import { InsureForm } from './InsureForm.tsx';
import { money } from '../format.ts';
import { openLoginHere, routesOf, useLoginPrompt, type Variant } from '../../shared/site.ts';
import { focusDialog } from '../../shared/dialogFocus.ts';
import { useForm } from '../../shared/form.tsx';

type Busy = null | 'save' | 'inquiry';
type Range = { loading: boolean; value?: PriceRange; error?: string };

const withQuery = (path: string, q: Record<string, string | number | null | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== null && v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
};

export const InsurePage = ({ variant }: { variant: Variant }) => {
  const { search } = useLocation();
  // A new query (after a draft save, another order) starts the form afresh.
  return <InsureScreen key={search} variant={variant} />;
};

/** /touch/insure?stepType=1 opens the guide's cover step (step 2) directly. */
export const TouchInsurePage = () => {
  const [params] = useSearchParams();
  if (params.get('stepType') === '1') return <GuidePage variant="mobile" initialStep={2} />;
  return <InsurePage variant="mobile" />;
};

const InsureScreen = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const routes = routesOf(variant);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();

  const id = params.get('id');
  const show = params.get('show') === 'true';
  const reInquiry = params.get('reInquiry') === 'true';
  const from = params.get('from');
  const queryType = params.get('type') === '1' ? 1 : 0;

  useLoginPrompt(variant);
  const order = useOrderDetails(id);
  const orderType = order.data ? (Number(order.data.orderType) === 1 ? 1 : 0) : queryType;
  const covers = useInsuranceTypes(orderType);
  const insurers = useInsurers(orderType);
  const brands = useDroneBrands();

  // Empty until the catalogue (and the order) is here; the form's rules apply through its update(f).
  const { values: form, reset, update: onChange, edited } = useForm<FormState | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [saved, setSaved] = useState<{ id: string; orderNo: string } | null>(null);
  const [range, setRange] = useState<Range | null>(null);

  // Build the initial form once the catalogue (and the order, with ?id) is here. The form's first
  // render is the page's largest piece of work: as a transition React renders it in slices that
  // leave the main thread free in between (on a phone, one long task of 0.3–0.6 s otherwise).
  useEffect(() => {
    if (form || !covers.data) return;
    if (id) {
      if (!order.data) return;
      const initial = fromOrder(order.data, { reInquiry });
      startTransition(() => reset(initial));
      return;
    }
    let f = emptyForm(queryType);
    const ids = (params.get('insuranceType') ?? '')
      .split(',')
      .map((x) => Number(x.trim()))
      .filter((n) => Number.isInteger(n) && n > 0);
    if (ids.length) f = preselectCovers(f, ids, covers.data);
    const text = params.get('text');
    if (params.get('jumpFrom') === 'guide' && text) {
      const field = applicationFieldFor(text);
      if (field) f = applyRules({ ...f, flyingInfo: { ...f.flyingInfo, applicationField: field } });
    }
    startTransition(() => reset(f));
  }, [form, covers.data, id, order.data, reInquiry, queryType, params, reset]);

  // A saved order is edited only while its actions allow edit; a re-inquiry always starts a new order.
  const readOnly = show || (!reInquiry && order.data !== undefined && !can(order.data.actions, 'edit'));

  // Type 1: every change after the first edit re-reads the price range (debounced).
  useEffect(() => {
    if (!form || orderType !== 1 || readOnly || !edited || !session) return;
    const body = normalised(form);
    if (!body) return;
    const ctl = new AbortController();
    const t = setTimeout(() => {
      setRange((r) => ({ ...r, loading: true }));
      fetchPriceRange(body, ctl.signal)
        .then((value) => setRange({ loading: false, value }))
        .catch((e: unknown) => {
          if (e instanceof Error && e.name === 'AbortError') return;
          setRange({ loading: false, error: e instanceof Error ? e.message : '参考保费获取失败' });
        });
    }, 500);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [form, orderType, readOnly, session, edited]);

  const needLogin = () => {
    if (session) return false;
    toast.warning('请先登录');
    if (mobile)
      navigate(`/touch/user/login?backUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    else openLoginHere();
    return true;
  };

  const checked = (): FormState | null => {
    if (!form) return null;
    const refusal = checkForm(form);
    if (refusal) {
      toast.warning(refusal);
      return null;
    }
    return form;
  };

  const save = async () => {
    const f = checked();
    if (!f || needLogin()) return;
    setBusy('save');
    try {
      const payload = payloadOf(f);
      const env = await saveDraft(payload);
      localStorage.setItem(STORAGE_KEYS.insureForm, JSON.stringify({ ...payload, id: env.data.id }));
      toast.success(env.message || '暂存成功');
      const noProfile = session!.guest || !session!.user?.name || profile.data?.profileComplete === false;
      if (noProfile)
        navigate(
          withQuery(
            routes.userInfo,
            mobile ? { backUrl: withQuery(routes.insure, { type: orderType, id: env.data.id, from }) } : {},
          ),
        );
      else setSaved(env.data);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };

  const inquire = async () => {
    const f = checked();
    if (!f || needLogin()) return;
    setBusy('inquiry');
    try {
      const payload = payloadOf(f);
      const env = await requestInquiry(payload);
      localStorage.setItem(STORAGE_KEYS.insureForm, JSON.stringify({ ...payload, id: env.data.id }));
      toast.success(env.message || '询价成功');
      navigate(withQuery(routes.plan, { type: orderType, id: env.data.id, from }));
    } catch (e) {
      if (e instanceof ApiError && e.code === ResultCode.special) {
        toast.error(e.message || '请完善用户信息');
        if (mobile)
          navigate(withQuery(routes.userInfo, { backUrl: window.location.pathname + window.location.search }));
        else uiStore.openProfile();
      } else notifyError(e);
    } finally {
      setBusy(null);
    }
  };

  const afterSaved = () => {
    const s = saved;
    setSaved(null);
    if (s) navigate(withQuery(routes.insure, { type: orderType, id: s.id, from }), { replace: true });
  };

  const title = orderType === 1 ? '教培套餐投保' : '无人机投保';
  const loading = !form && (covers.isLoading || order.isLoading || (!!id && !!session && !order.error));
  const failed = covers.error || order.error;

  const body =
    failed && !form ? (
      <NonIdealState
        icon="error"
        title="加载失败"
        description={(failed as Error).message}
        action={
          <Button
            text="重试"
            onClick={() => {
              void covers.mutate();
              void order.mutate();
            }}
          />
        }
      />
    ) : !form ? (
      loading || !id ? (
        <div className="fb-loading-block fb-page-loading" aria-busy="true">
          <Spinner size={28} />
          <div>正在加载投保信息…</div>
        </div>
      ) : (
        <NonIdealState icon="lock" title="请先登录" description="登录后可查看订单。" />
      )
    ) : (
      <InsureForm
        value={form}
        onChange={onChange}
        covers={covers.data ?? []}
        insurers={insurers.data ?? []}
        brands={brands.data ?? []}
        readOnly={readOnly}
        variant={variant}
      />
    );

  const priceRange = orderType === 1 && !readOnly && form && (
    <div className="fb-price-range" aria-live="polite" data-testid="price-range">
      {range?.loading && <Spinner size={16} />}
      {range?.value ? (
        <span>
          参考保费：<strong>{money(range.value.minPrice)}</strong> ~ <strong>{money(range.value.maxPrice)}</strong>
        </span>
      ) : range?.error ? (
        <span className="fb-field-error">{range.error}</span>
      ) : (
        !range?.loading && <span className="fb-muted">填写后显示参考保费区间</span>
      )}
    </div>
  );

  const actions = (
    <div className={mobile ? 'fb-m-actionbar' : 'fb-insure-actions'}>
      {priceRange}
      <div className="fb-insure-buttons">
        {readOnly ? (
          <Button size="large" text="返回" onClick={() => navigate(-1)} />
        ) : (
          <>
            <Button
              size="large"
              text="暂存"
              icon="floppy-disk"
              loading={busy === 'save'}
              disabled={!form || busy !== null}
              onClick={() => void save()}
            />
            <Button
              size="large"
              intent="primary"
              icon="search-template"
              text="询价"
              loading={busy === 'inquiry'}
              disabled={!form || busy !== null}
              onClick={() => void inquire()}
            />
          </>
        )}
      </div>
    </div>
  );

  const meta = form && (form.orderNo || reInquiry || readOnly) && (
    <Callout intent={reInquiry ? 'warning' : 'primary'} compact className="fb-insure-meta">
      {reInquiry
        ? '再次询价：将以本订单信息生成新的订单。'
        : readOnly
          ? '只读：当前订单不可编辑。'
          : '编辑暂存的订单。'}
      {form.orderNo && !reInquiry && (
        <>
          {' '}
          订单号 <Tag minimal>{form.orderNo}</Tag>
        </>
      )}
    </Callout>
  );

  const savedDialog = (
    <Dialog
      isOpen={saved !== null}
      onClose={afterSaved}
      title="暂存成功"
      className="fb-saved-dialog"
      onOpening={focusDialog}
      style={mobile ? { width: '90vw' } : undefined}
    >
      <DialogBody>
        <p>
          订单 <strong>{saved?.orderNo}</strong> 已暂存。
        </p>
        <p className="fb-muted">可继续编辑后询价，也可稍后在“订单查询”中找到它。</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text="订单查询"
              onClick={() => {
                setSaved(null);
                navigate(routes.list);
              }}
            />
            <Button intent="primary" text="继续编辑" onClick={afterSaved} />
          </>
        }
      />
    </Dialog>
  );

  if (mobile)
    return (
      <div className="fb-m-page fb-m-insure">
        <TouchPageBar title="投保信息" fallback={routes.guide} />
        <div className="fb-m-card">
          <div className="fb-row-between">
            <strong>{title}</strong>
            {orderType === 1 && (
              <Tag intent="success" minimal>
                教培
              </Tag>
            )}
          </div>
          {meta}
          {body}
        </div>
        {actions}
        {savedDialog}
        <BackToTop />
      </div>
    );

  return (
    <div className="fb-page fb-insure-page">
      <div className="fb-row-between">
        <h1 className="fb-page-title">
          {title}{' '}
          {orderType === 1 && (
            <Tag intent="success" minimal>
              教培
            </Tag>
          )}
        </h1>
        <Button variant="minimal" icon="arrow-left" text="返回引导" onClick={() => navigate(routes.guide)} />
      </div>
      {meta}
      <Card className="fb-card">{body}</Card>
      {actions}
      {savedDialog}
      <BackToTop />
    </div>
  );
};
