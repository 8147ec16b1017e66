/**
 * 对比 on the cover plan (both sites): the loss the customer chooses, then each insurer's premium, deductible
 * figures, out-of-pocket amount, what the policy pays and the expected cost, cheapest first. The numbers are the
 * server's (docs/api/comparison.md): the claims desk's settlement on each insurer's wording.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { Button, Callout, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import type { Variant } from '../../shared/site.ts';
import { type LossChoice, useComparison } from './api.ts';
import { hullPresets, parseAmount, thirdPartyPresets, wan } from './format.ts';
import { ComparisonCards, ComparisonTable } from './ComparisonViews.tsx';
import './comparison.css';

export type ComparisonPanelProps = {
  orderId: string;
  variant: Variant;
  /** Insurers to show (a filter elsewhere on the page); all when absent. */
  visibleInsurerIds?: number[];
  /** Changes whenever the plan's answers do, so the comparison is read again beside them. */
  planSignature?: string;
};

const initialLoss: LossChoice = {
  hullLoss: 20_000,
  hullKind: 'damage',
  thirdPartyLoss: 200_000,
  thirdPartyKind: 'property',
  uavInfoId: null,
};

/** Preset chips and a custom amount for one part of the loss. */
const AmountChooser = ({
  label,
  name,
  presets,
  value,
  onChange,
  mobile,
  children,
}: {
  label: string;
  name: string;
  presets: readonly number[];
  value: number;
  onChange: (n: number) => void;
  mobile: boolean;
  /** The kind (and drone) choices beside the custom amount. */
  children?: ReactNode;
}) => {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    if (text.trim() === '') return setError(null);
    const n = parseAmount(text);
    if (n === null) return setError('请输入不超过两位小数的金额');
    setError(null);
    onChange(n);
  };
  return (
    <fieldset className="fb-compare-loss">
      <legend className="fb-compare-loss-label">{label}</legend>
      <div className="fb-compare-chips">
        {[0, ...presets].map((p) => (
          <Button
            key={p}
            size={mobile ? 'medium' : 'small'}
            text={p === 0 ? '无' : `${name} ${wan(p)}`}
            active={value === p}
            intent={value === p ? 'primary' : 'none'}
            aria-pressed={value === p}
            onClick={() => {
              setText('');
              setError(null);
              onChange(p);
            }}
          />
        ))}
      </div>
      <div className="fb-compare-extra">
        <InputGroup
          size={mobile ? 'medium' : 'small'}
          className="fb-compare-custom"
          placeholder="自定义金额（元）"
          aria-label={`${label}自定义金额`}
          inputMode="decimal"
          value={text}
          intent={error ? 'danger' : 'none'}
          onChange={(e) => setText(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => e.key === 'Enter' && apply()}
        />
        {children}
      </div>
      {error && <span className="fb-compare-error">{error}</span>}
    </fieldset>
  );
};

export const ComparisonPanel = ({ orderId, variant, visibleInsurerIds, planSignature }: ComparisonPanelProps) => {
  const mobile = variant === 'mobile';
  const [loss, setLoss] = useState<LossChoice>(initialLoss);
  const comparison = useComparison(orderId, loss);
  const { mutate } = comparison;
  const change = (patch: Partial<LossChoice>) => setLoss((l) => ({ ...l, ...patch }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the plan's answers change
  useEffect(() => {
    void mutate();
  }, [planSignature, mutate]);

  const data = comparison.data;
  const insurers = (data?.insurers ?? []).filter(
    (i) => !visibleInsurerIds || visibleInsurerIds.includes(i.insuranceCompanyId),
  );

  return (
    <section
      className={`fb-compare${mobile ? ' fb-compare-mobile' : ''}`}
      aria-labelledby="fb-compare-title"
      data-testid="plan-comparison"
    >
      <h2 id="fb-compare-title" className="fb-compare-title">
        对比
      </h2>
      <p className="fb-muted fb-compare-intro">
        选择一次典型损失，按理赔定损的同一算法估算各保险公司的自付与赔付；预计总成本 = 保费合计 + 自付，由低到高排列。
      </p>
      <div className="fb-compare-controls">
        <AmountChooser
          label="机身损失"
          name="机身"
          presets={hullPresets}
          value={loss.hullLoss}
          onChange={(hullLoss) => change({ hullLoss })}
          mobile={mobile}
        >
          <HTMLSelect
            aria-label="机身损失类型"
            value={loss.hullKind}
            onChange={(e) => change({ hullKind: e.target.value as LossChoice['hullKind'] })}
            options={[
              { value: 'damage', label: '意外损坏' },
              { value: 'theft', label: '被盗抢' },
            ]}
          />
          {(data?.drones.length ?? 0) > 1 && (
            <HTMLSelect
              aria-label="出险无人机"
              value={data?.loss.uavInfoId ?? ''}
              onChange={(e) => change({ uavInfoId: e.target.value })}
              options={(data?.drones ?? []).map((d) => ({
                value: d.uavInfoId,
                label: d.uavInfoName ?? `无人机${Number(d.uavInfoId) + 1}`,
              }))}
            />
          )}
        </AmountChooser>
        <AmountChooser
          label="三者损失"
          name="三者"
          presets={thirdPartyPresets}
          value={loss.thirdPartyLoss}
          onChange={(thirdPartyLoss) => change({ thirdPartyLoss })}
          mobile={mobile}
        >
          <HTMLSelect
            aria-label="三者损失类型"
            value={loss.thirdPartyKind}
            onChange={(e) => change({ thirdPartyKind: e.target.value as LossChoice['thirdPartyKind'] })}
            options={[
              { value: 'property', label: '财产损失' },
              { value: 'injury', label: '人身伤亡' },
            ]}
          />
        </AmountChooser>
      </div>
      {comparison.error ? (
        <Callout intent="danger" compact>
          {(comparison.error as Error).message}
        </Callout>
      ) : !data ? (
        <div className="fb-loading-block" aria-busy="true">
          <Spinner size={20} />
        </div>
      ) : (
        <>
          {data.uncoveredYuan > 0 && (
            <Callout intent="warning" compact icon="warning-sign" className="fb-compare-note">
              本方案没有承保该损失的险种，{wan(data.uncoveredYuan)} 需全部自付（各保险公司相同）。
            </Callout>
          )}
          {mobile ? (
            <ComparisonCards data={data} insurers={insurers} />
          ) : (
            <ComparisonTable data={data} insurers={insurers} />
          )}
        </>
      )}
    </section>
  );
};
