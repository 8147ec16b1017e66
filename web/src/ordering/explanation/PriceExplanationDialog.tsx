/** 价格说明: each line of one insurer's quote — the factors, the rule version, whether it re-rates the same, and what would save. */
import { Button, Classes, Dialog, DialogBody, Drawer, Spinner, Tag } from '@blueprintjs/core';
import useSWR from 'swr';
import { focusDialog } from '../../shared/dialogFocus.ts';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { money } from '../format.ts';
import { type PriceExplanation, type PriceExplanationLine, priceExplanationKey } from './api.ts';
import './explanation.css';

type Props = {
  orderId: string;
  insurer: { insuranceCompanyId: number; insuranceCompanyName: string };
  mobile: boolean;
  onClose: () => void;
};

const statusText: Record<PriceExplanationLine['kind'], string> = {
  quoted: '',
  manual: '待核保人工报价',
  declined: '不承保',
  pending: '报价中',
};

const Line = ({ line }: { line: PriceExplanationLine }) => (
  <section className="fb-why-price-line" data-testid="why-price-line" data-line={line.key}>
    <header className="fb-row-between">
      <strong>
        {line.coverName}
        {line.droneName && <span className="fb-muted"> · {line.droneName}</span>}
      </strong>
      <strong>{line.kind === 'quoted' ? money(line.premium) : statusText[line.kind]}</strong>
    </header>
    {line.kind !== 'quoted' ? (
      <p className="fb-muted">{line.reason}</p>
    ) : !line.byRules ? (
      <p className="fb-muted">该价格由保险公司核保人员人工给出。</p>
    ) : (
      <>
        {line.formula && <p className="fb-why-price-formula">{line.formula}</p>}
        <dl className="fb-why-price-factors">
          {line.factors.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.text}</dd>
            </div>
          ))}
        </dl>
        <div className="fb-why-price-tags">
          {line.ruleVersion && <Tag minimal>{line.ruleVersion}</Tag>}
          {line.replayed ? (
            <Tag minimal intent="success" icon="tick">
              按此版本复算一致
            </Tag>
          ) : (
            <Tag minimal intent="warning">
              复算结果 {money(line.replayPremium)}
            </Tag>
          )}
        </div>
        {line.hints.length > 0 && (
          <ul className="fb-why-price-hints" aria-label="省钱提示">
            {line.hints.map((h) => (
              <li key={h.id} data-testid="why-price-hint">
                {h.text}
              </li>
            ))}
          </ul>
        )}
      </>
    )}
  </section>
);

const Body = ({ orderId, insurer }: Pick<Props, 'orderId' | 'insurer'>) => {
  const { data, error, mutate } = useSWR<PriceExplanation>(priceExplanationKey(orderId, insurer.insuranceCompanyId), {
    revalidateOnFocus: false,
  });
  if (error)
    return (
      <NonIdealState
        icon="error"
        title="无法读取价格说明"
        description={(error as Error).message}
        action={<Button text="重试" onClick={() => void mutate()} />}
      />
    );
  if (!data) return <Spinner size={24} aria-label="加载中" />;
  return (
    <div className="fb-why-price" data-testid="why-price">
      <p className="fb-muted fb-why-price-intro">
        价格由{data.insuranceCompanyName}的费率规则自动计算；以下为各险种的计价因素。
        {data.total !== null && (
          <>
            合计 <strong>{money(data.total)}</strong>。
          </>
        )}
      </p>
      {data.lines.map((line) => (
        <Line key={line.key} line={line} />
      ))}
    </div>
  );
};

export const PriceExplanationDialog = ({ orderId, insurer, mobile, onClose }: Props) => {
  const title = `${insurer.insuranceCompanyName} · 价格说明`;
  if (mobile)
    return (
      <Drawer
        isOpen
        onClose={onClose}
        position="bottom"
        size="85%"
        onOpening={focusDialog}
        className="fb-why-price-drawer"
      >
        <div role="dialog" aria-modal="true" aria-label={title} className="fb-why-price-drawer-dialog">
          <div className={Classes.DRAWER_HEADER}>
            <h2 className="bp6-heading fb-why-price-title">{title}</h2>
            <Button
              variant="minimal"
              icon="small-cross"
              aria-label="关闭"
              className={Classes.DIALOG_CLOSE_BUTTON}
              onClick={onClose}
            />
          </div>
          <div className={Classes.DRAWER_BODY}>
            <div className="fb-why-price-drawer-body">
              <Body orderId={orderId} insurer={insurer} />
            </div>
          </div>
        </div>
      </Drawer>
    );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={title}
      onOpening={focusDialog}
      style={{ width: 640 }}
      className="fb-why-price-dialog"
    >
      <DialogBody className="fb-why-price-dialog-body">
        <Body orderId={orderId} insurer={insurer} />
      </DialogBody>
    </Dialog>
  );
};
