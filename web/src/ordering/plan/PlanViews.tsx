/** The plan itself: a table with one column per insurer (desktop) or cards (mobile). */
import { Button, Card, HTMLTable, Spinner } from '@blueprintjs/core';
import type { PlanCell, PlanRow, TotalCell, TotalsRow } from '../api.ts';
import { DeviceCodes } from '../DeviceCodes.tsx';
import { money, termLabel } from '../format.ts';
import { InsurerLogo } from '../InsurerLogo.tsx';
import { PriceExplanationLink } from '../explanation/PriceExplanationLink.tsx';
import type { PlanScreen } from './usePlanScreen.ts';

export const QUOTING = '报价中';
export const QUOTE_EXPIRED = '报价已过期';

const cellText: Record<PlanCell['status'], string> = {
  requested: QUOTING,
  quoted: '',
  'waiting-verification': '待核保人工报价',
  declined: '不承保',
  'timed-out': '未报价',
};

const PremiumCell = ({ cell }: { cell: PlanCell | undefined }) => {
  if (!cell) return <span className="fb-muted">—</span>;
  if (cell.status === 'quoted' && cell.insurancePremium !== null)
    return (
      <span className="fb-premium">
        <strong>{money(cell.insurancePremium)}</strong>
        {cell.deductiblePremiumString && <small className="fb-muted">{cell.deductiblePremiumString}</small>}
      </span>
    );
  return (
    <span className={`fb-quote-status fb-quote-${cell.status}`} title={cell.remark ?? undefined}>
      {cell.status === 'requested' && <Spinner size={12} />}
      {cellText[cell.status]}
    </span>
  );
};

const totalText = (t: TotalCell) =>
  t.expired
    ? QUOTE_EXPIRED
    : t.quotedAll && t.total !== null
      ? money(t.total)
      : t.status === 'requested'
        ? QUOTING
        : t.status === 'waiting-verification'
          ? '待核保人工报价'
          : t.status === 'timed-out'
            ? '未完成报价'
            : '部分险种不承保';

type ViewProps = {
  screen: PlanScreen;
  rows: PlanRow[];
  totals: TotalsRow | undefined;
};

/** The insure button of one insurer: the server says per insurer whether the caller may buy from it now (canInsure). */
const InsureButton = ({ screen, t, mobile }: { screen: PlanScreen; t: TotalCell; mobile: boolean }) => (
  <Button
    intent="success"
    size={mobile ? 'large' : 'small'}
    text="投保"
    aria-label={`向${t.insuranceCompanyName}投保`}
    disabled={!t.canInsure || screen.busy !== null}
    loading={screen.busy === `insure-${t.insuranceCompanyId}`}
    onClick={() => screen.insure(t)}
  />
);

const DeleteButton = ({ screen, r, rows }: { screen: PlanScreen; r: PlanRow; rows: PlanRow[] }) =>
  screen.may('deletePlanLine') &&
  rows.length > 1 && (
    <Button
      variant="minimal"
      intent="danger"
      size="small"
      icon="trash"
      aria-label={`删除${r.insuranceTypeInfoName}${r.uavInfoName ? ` ${r.uavInfoName}` : ''}`}
      loading={screen.busy === `delete-${r.key}`}
      disabled={screen.busy !== null}
      onClick={() => screen.remove(r)}
    />
  );

const droneCodes = (screen: PlanScreen, r: PlanRow) => screen.order?.uavInfoList?.[Number(r.uavInfoId)]?.deviceNumber;

export const PlanTable = ({ screen, rows, totals }: ViewProps) => {
  const { columns, show } = screen;
  const editable = screen.may('deletePlanLine');
  const lineWho = (r: PlanRow) =>
    r.uavInfoId !== null ? (
      <>
        <div>{r.uavInfoName}</div>
        <DeviceCodes codes={droneCodes(screen, r)} limit={10} />
      </>
    ) : r.siteSize !== null ? (
      `场地 ${r.siteSize}㎡`
    ) : (
      '—'
    );
  return (
    <div className="fb-table-scroll">
      <HTMLTable bordered compact className="fb-table fb-plan-table" aria-label="保障方案">
        <thead>
          <tr>
            <th>险种</th>
            <th>无人机/标的</th>
            <th>数量</th>
            <th>保额（万元）</th>
            <th>保障期限</th>
            {columns.map((c) => (
              <th key={c.insuranceCompanyId} className="fb-insurer-col">
                <InsurerLogo insurer={{ id: c.insuranceCompanyId, name: c.insuranceCompanyName }} small />
              </th>
            ))}
            {editable && <th>操作</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-line={r.key}>
              <td>{r.insuranceTypeInfoName}</td>
              <td>{lineWho(r)}</td>
              <td>{r.quantity}</td>
              <td>{r.insuranceAmount}</td>
              <td>{termLabel(r.guaranteeTerm)}</td>
              {columns.map((c) => (
                <td key={c.insuranceCompanyId} data-insurer={c.insuranceCompanyId}>
                  <PremiumCell
                    cell={r.insuranceCompanyList.find((x) => x.insuranceCompanyId === c.insuranceCompanyId)}
                  />
                </td>
              ))}
              {editable && (
                <td>
                  <DeleteButton screen={screen} r={r} rows={rows} />
                </td>
              )}
            </tr>
          ))}
          {totals && (
            <tr className="fb-total-row" data-line="total">
              <td colSpan={5}>
                <strong>{totals.insuranceTypeInfoName}</strong>
              </td>
              {totals.insuranceCompanyList.map((t) => (
                <td key={t.insuranceCompanyId} data-insurer={t.insuranceCompanyId}>
                  <div className="fb-total-cell">
                    <strong>{totalText(t)}</strong>
                    {t.status !== 'requested' && (
                      <PriceExplanationLink orderId={totals.orderInfoId} insurer={t} mobile={false} />
                    )}
                    {!show && <InsureButton screen={screen} t={t} mobile={false} />}
                  </div>
                </td>
              ))}
              {editable && <td />}
            </tr>
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
};

export const PlanCards = ({ screen, rows, totals }: ViewProps) => (
  <section className="fb-plan-cards" aria-label="保障方案">
    {totals?.insuranceCompanyList.map((t) => (
      <Card key={t.insuranceCompanyId} className="fb-m-total-card" data-insurer={t.insuranceCompanyId}>
        <InsurerLogo insurer={{ id: t.insuranceCompanyId, name: t.insuranceCompanyName }} small />
        <div className="fb-m-total">
          <span className="fb-muted">合计</span>
          <strong>{totalText(t)}</strong>
          {t.status !== 'requested' && <PriceExplanationLink orderId={totals.orderInfoId} insurer={t} mobile />}
        </div>
        {!screen.show && <InsureButton screen={screen} t={t} mobile />}
      </Card>
    ))}
    {rows.map((r) => (
      <Card key={r.key} className="fb-m-line-card" data-line={r.key}>
        <div className="fb-row-between">
          <strong>{r.insuranceTypeInfoName}</strong>
          <DeleteButton screen={screen} r={r} rows={rows} />
        </div>
        <div className="fb-m-line-meta">
          {r.uavInfoName && <span>{r.uavInfoName}</span>}
          <span>数量 {r.quantity}</span>
          <span>保额 {r.insuranceAmount} 万元</span>
          <span>{termLabel(r.guaranteeTerm)}</span>
        </div>
        {r.uavInfoId !== null && <DeviceCodes codes={droneCodes(screen, r)} limit={10} />}
        <ul className="fb-m-quotes">
          {r.insuranceCompanyList.map((c) => (
            <li key={c.insuranceCompanyId} data-insurer={c.insuranceCompanyId}>
              <span>{c.insuranceCompanyName}</span>
              <PremiumCell cell={c} />
            </li>
          ))}
        </ul>
      </Card>
    ))}
  </section>
);
