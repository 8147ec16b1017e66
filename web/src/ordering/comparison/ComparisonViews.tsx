/** 对比's two layouts: a table with one column per insurer in sort order (desktop), a card per insurer (mobile). */
import { Card, HTMLTable, Tag } from '@blueprintjs/core';
import { money } from '../format.ts';
import type { Comparison, ComparisonLine, InsurerComparison } from './api.ts';
import { deductibleSummary, labelIntent } from './format.ts';

type ViewProps = { data: Comparison; insurers: InsurerComparison[] };

const statusText: Record<ComparisonLine['status'], string> = {
  requested: '报价中',
  quoted: '',
  'waiting-verification': '待核保人工报价',
  declined: '不承保',
  'timed-out': '未报价',
};

const LabelTag = ({ i }: { i: InsurerComparison }) => (
  <Tag intent={labelIntent[i.label]} minimal={i.label === 'expired'} round data-label={i.label}>
    {i.labelText}
  </Tag>
);

const lineName = (l: Pick<ComparisonLine, 'insuranceTypeInfoName' | 'uavInfoName'>) =>
  l.uavInfoName ? `${l.insuranceTypeInfoName}（${l.uavInfoName}）` : l.insuranceTypeInfoName;

/** What one line of one insurer says: premium, per ¥1万, deductible figures and, when it takes the loss, 自付 / 赔付. */
const LineFigures = ({ line }: { line: ComparisonLine }) => {
  if (line.status !== 'quoted' || line.premium === null)
    return <span className="fb-muted">{statusText[line.status]}</span>;
  return (
    <div className="fb-compare-line">
      <span>
        <strong>{money(line.premium)}</strong>
        {line.premiumPer10k !== null && <small className="fb-muted"> · 每万元保额 {money(line.premiumPer10k)}</small>}
      </span>
      <small className={line.deductible?.understood === false ? 'fb-compare-manual' : 'fb-muted'}>
        {deductibleSummary(line.deductible)}
      </small>
      {line.loss && (
        <small className="fb-compare-loss-figures">
          {line.loss.outOfPocketYuan === null
            ? `损失 ${money(line.loss.lossYuan)}：需人工确认`
            : `自付 ${money(line.loss.outOfPocketYuan)} · 赔付 ${money(line.loss.payableYuan)}`}
          {line.loss.cappedBy === 'limit' && '（保额封顶）'}
          {line.loss.cappedBy === 'perPayout' && '（单次限额封顶）'}
        </small>
      )}
    </div>
  );
};

const orNote = (n: number | null, i: InsurerComparison) => (n !== null ? money(n) : (i.deductibleNote ?? '—'));

export const ComparisonTable = ({ data, insurers }: ViewProps) => {
  const lines = insurers[0]?.lines ?? [];
  const cellOf = (i: InsurerComparison, key: string) => i.lines.find((l) => l.key === key);
  return (
    <div className="fb-table-scroll">
      <HTMLTable bordered compact className="fb-table fb-compare-table" aria-label="方案对比">
        <thead>
          <tr>
            <th>按预计总成本排序</th>
            {insurers.map((i, n) => (
              <th key={i.insuranceCompanyId} data-insurer={i.insuranceCompanyId} className="fb-compare-col">
                <div className="fb-compare-head">
                  <span>
                    {n + 1}. {i.insuranceCompanyName}
                  </span>
                  <LabelTag i={i} />
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.key} data-compare-line={l.key} className={l.loss ? 'fb-compare-taking' : undefined}>
              <td>
                {lineName(l)}
                {l.loss && (
                  <div className="fb-muted">
                    <small>
                      {l.loss.role === 'hull' ? '机身损失' : '三者损失'} {money(l.loss.lossYuan)}
                    </small>
                  </div>
                )}
              </td>
              {insurers.map((i) => {
                const line = cellOf(i, l.key);
                return (
                  <td key={i.insuranceCompanyId} data-insurer={i.insuranceCompanyId}>
                    {line ? <LineFigures line={line} /> : '—'}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr className="fb-compare-sum">
            <td>保费合计</td>
            {insurers.map((i) => (
              <td key={i.insuranceCompanyId}>{money(i.totalPremium)}</td>
            ))}
          </tr>
          <tr className="fb-compare-sum">
            <td>自付{data.uncoveredYuan > 0 ? '（含方案未承保部分）' : ''}</td>
            {insurers.map((i) => (
              <td key={i.insuranceCompanyId} data-testid="compare-out-of-pocket">
                {orNote(i.outOfPocketYuan, i)}
              </td>
            ))}
          </tr>
          <tr className="fb-compare-sum">
            <td>保险赔付</td>
            {insurers.map((i) => (
              <td key={i.insuranceCompanyId}>{orNote(i.payableYuan, i)}</td>
            ))}
          </tr>
          <tr className="fb-compare-sum fb-compare-cost">
            <td>预计总成本</td>
            {insurers.map((i) => (
              <td key={i.insuranceCompanyId} data-testid="compare-expected-cost">
                <strong>{money(i.expectedCostYuan)}</strong>
              </td>
            ))}
          </tr>
        </tbody>
      </HTMLTable>
    </div>
  );
};

export const ComparisonCards = ({ insurers }: ViewProps) => (
  <section className="fb-compare-cards" aria-label="方案对比">
    {insurers.map((i, n) => (
      <Card key={i.insuranceCompanyId} className="fb-compare-card" data-insurer={i.insuranceCompanyId}>
        <div className="fb-row-between">
          <strong>
            {n + 1}. {i.insuranceCompanyName}
          </strong>
          <LabelTag i={i} />
        </div>
        <div className="fb-compare-cost-line">
          <span className="fb-muted">预计总成本</span>
          <strong data-testid="compare-expected-cost">{money(i.expectedCostYuan)}</strong>
        </div>
        <dl className="fb-compare-figures">
          <dt>保费合计</dt>
          <dd>{money(i.totalPremium)}</dd>
          <dt>自付</dt>
          <dd data-testid="compare-out-of-pocket">{orNote(i.outOfPocketYuan, i)}</dd>
          <dt>保险赔付</dt>
          <dd>{orNote(i.payableYuan, i)}</dd>
        </dl>
        <ul className="fb-compare-lines">
          {i.lines.map((l) => (
            <li key={l.key} data-compare-line={l.key} className={l.loss ? 'fb-compare-taking' : undefined}>
              <span className="fb-compare-line-name">{lineName(l)}</span>
              <LineFigures line={l} />
            </li>
          ))}
        </ul>
      </Card>
    ))}
  </section>
);
