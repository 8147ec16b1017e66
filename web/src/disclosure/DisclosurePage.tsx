/**
 * 信息披露 (/platform/disclosure, /touch/disclosure): public, no login. Who sells here and under which licence,
 * the insurers and their products with clause names and 条款注册号, the texts a buyer confirms (in force, every
 * older version readable), where to complain, how the 电子保单 and invoices arrive, privacy (docs/api/disclosure.md).
 */
import { useState } from 'react';
import { Button, Callout, Card, Collapse, HTMLTable, Spinner } from '@blueprintjs/core';
import type { DisclosureTextVersion } from '@feibao/domain/disclosure/api';
import type { Variant } from '../shared/site.ts';
import { TouchPageBar } from '../shared/TouchPageBar.tsx';
import { usePublicDisclosure } from './api.ts';
import { OlderVersions } from './OlderVersions.tsx';
import './disclosure.css';

const TextEntry = ({ text }: { text: DisclosureTextVersion }) => {
  const [open, setOpen] = useState(false);
  return (
    <section className="fb-terms-text" data-testid={`disclosure-text-${text.key}`}>
      <Button
        variant="minimal"
        alignText="left"
        fill
        icon={open ? 'chevron-down' : 'chevron-right'}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <strong>{text.title}</strong>{' '}
        <span className="fb-muted">
          第{text.version}版 · {text.publishedAt.slice(0, 10)} 起施行
        </span>
      </Button>
      <Collapse isOpen={open}>
        <div className="fb-terms-body">{text.body}</div>
        {text.version > 1 && <OlderVersions textKey={text.key} current={text.version} />}
      </Collapse>
    </section>
  );
};

export const DisclosurePage = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const disclosure = usePublicDisclosure();
  const [insurer, setInsurer] = useState<number | null>(null);
  const d = disclosure.data;
  const shown = insurer ?? d?.insurers[0]?.id ?? null;

  const content = disclosure.error ? (
    <Callout intent="danger">{(disclosure.error as Error).message}</Callout>
  ) : !d ? (
    <div className="fb-loading-block" aria-busy="true">
      <Spinner size={28} />
    </div>
  ) : (
    <>
      <h2>经纪机构</h2>
      <dl data-testid="disclosure-broker">
        <dt>机构名称</dt>
        <dd>{d.broker.name}</dd>
        <dt>经营许可</dt>
        <dd>
          {d.broker.licence}，{d.broker.licenceIssuer}颁发
        </dd>
        <dt>注册资本</dt>
        <dd>{d.broker.registeredCapital}</dd>
        <dt>住所</dt>
        <dd>{d.broker.address}</dd>
        <dt>业务平台</dt>
        <dd>
          {d.broker.platform}（{d.broker.website}）
        </dd>
        <dt>业务范围</dt>
        <dd>
          <ol>
            {d.broker.businessScope.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </dd>
      </dl>

      <h2>合作保险公司及产品</h2>
      <p className="fb-muted">本平台代理销售以下保险公司的产品，保险责任由承保的保险公司承担。</p>
      <fieldset className="fb-disclosure-insurers" aria-label="保险公司">
        {d.insurers.map((i) => (
          <Button
            key={i.id}
            size={mobile ? 'medium' : 'small'}
            text={i.name}
            intent={shown === i.id ? 'primary' : 'none'}
            aria-pressed={shown === i.id}
            onClick={() => setInsurer(i.id)}
          />
        ))}
      </fieldset>
      {d.insurers
        .filter((i) => i.id === shown)
        .map((i) => (
          <div className="fb-disclosure-products" key={i.id} data-testid="disclosure-products">
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>险种</th>
                  <th>条款名称</th>
                  <th>条款注册号</th>
                </tr>
              </thead>
              <tbody>
                {i.products.map((p) => (
                  <tr key={p.coverId}>
                    <td>{p.name}</td>
                    <td>{p.clauseName}</td>
                    <td className="fb-mono">{p.registrationNo}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        ))}

      <h2>客户告知书、投保须知与免责条款</h2>
      <p className="fb-muted">投保前须阅读并确认；条款更新后以新版本为准，已投保的订单保留其确认时的版本。</p>
      <div className="fb-terms-list" data-testid="disclosure-texts">
        {d.texts.map((t) => (
          <TextEntry key={t.key} text={t} />
        ))}
      </div>

      <h2>投诉与咨询</h2>
      <dl data-testid="disclosure-complaint">
        <dt>客服电话</dt>
        <dd>{d.complaint.phone}</dd>
        <dt>电子邮箱</dt>
        <dd>{d.complaint.email}</dd>
        <dt>信函地址</dt>
        <dd>{d.complaint.address}</dd>
      </dl>
      <p>
        {d.complaint.promise}
        {d.complaint.regulator}
      </p>

      <h2>电子保单与发票</h2>
      <p>{d.delivery.policy}</p>
      <p>{d.delivery.invoice}</p>

      <h2>个人信息保护</h2>
      <p>{d.delivery.privacy}</p>
    </>
  );

  return (
    <div className={mobile ? 'fb-m-page fb-disclosure-page' : 'fb-page fb-disclosure-page'}>
      {mobile ? <TouchPageBar title="信息披露" fallback="/touch/index" /> : <h1 className="fb-page-title">信息披露</h1>}
      {mobile ? <div className="fb-m-card">{content}</div> : <Card className="fb-card">{content}</Card>}
    </div>
  );
};
