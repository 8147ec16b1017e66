/**
 * 信息披露文本 (/backoffice/disclosure): the 客户告知书, the 投保须知 and each cover's 免责条款, each with its
 * versions. Editing publishes a NEW version with a stated reason; the old ones stay readable and the orders that
 * confirmed them keep them (docs/api/disclosure.md). Admins only; the server refuses everyone else anyway.
 */
import { useState } from 'react';
import {
  Button,
  Callout,
  Card,
  FormGroup,
  InputGroup,
  Menu,
  MenuItem,
  Spinner,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import type { DisclosureTextHistory } from '@feibao/domain/disclosure/api';
import { notifyError, toast } from '../../api/toaster.ts';
import { publishText, useTextHistory } from '../../disclosure/api.ts';
import { BackofficeFrame } from '../BackofficeFrame.tsx';
import '../../disclosure/disclosure.css';

export const DisclosureTextsPage = () => (
  <BackofficeFrame area="disclosure" testId="disclosure-texts">
    <DisclosureTexts />
  </BackofficeFrame>
);

const DisclosureTexts = () => {
  const history = useTextHistory();
  const [selected, setSelected] = useState<string | null>(null);
  const texts = history.data ?? [];
  const text = texts.find((t) => t.key === selected) ?? texts[0];
  return (
    <>
      <div className="fb-row-between">
        <h1 className="fb-page-title">信息披露文本</h1>
      </div>
      {history.error ? (
        <Callout intent="danger">{(history.error as Error).message}</Callout>
      ) : !history.data ? (
        <Spinner size={28} />
      ) : (
        <div className="fb-disclosure-admin">
          <Card className="fb-card fb-disclosure-admin-list">
            <Menu aria-label="文本">
              {texts.map((t) => (
                <MenuItem
                  key={t.key}
                  text={t.coverName ? `${t.kindName}·${t.coverName}` : t.kindName}
                  label={`第${t.current}版`}
                  active={t.key === text?.key}
                  onClick={() => setSelected(t.key)}
                />
              ))}
            </Menu>
          </Card>
          {text && <Editor key={`${text.key}@${text.current}`} text={text} onPublished={() => void history.mutate()} />}
        </div>
      )}
    </>
  );
};

const Editor = ({ text, onPublished }: { text: DisclosureTextHistory; onPublished: () => void }) => {
  const current = text.versions[0];
  const [title, setTitle] = useState(current?.title ?? '');
  const [body, setBody] = useState(current?.body ?? '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const shown = text.versions.find((v) => v.version === viewing);
  const changed = title !== current?.title || body !== current?.body;

  const publish = async () => {
    if (!reason.trim()) {
      toast.warning('请填写修改原因');
      return;
    }
    setBusy(true);
    try {
      const env = await publishText({
        kind: text.kind,
        coverId: text.coverId,
        title,
        body,
        reason,
        baseVersion: text.current,
      });
      toast.success(env.message);
      setReason('');
      onPublished();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="fb-card fb-disclosure-editor" data-testid="disclosure-editor">
      <h2 className="fb-section-title">
        {current?.title} <Tag minimal>现行第{text.current}版</Tag>
      </h2>
      <FormGroup label="标题" labelFor="disclosure-title">
        <InputGroup id="disclosure-title" value={title} onValueChange={setTitle} />
      </FormGroup>
      <FormGroup label="正文" labelFor="disclosure-body">
        <TextArea id="disclosure-body" value={body} onChange={(e) => setBody(e.currentTarget.value)} fill />
      </FormGroup>
      <FormGroup label="修改原因" labelFor="disclosure-reason" labelInfo="（必填，记入版本记录）">
        <InputGroup
          id="disclosure-reason"
          value={reason}
          onValueChange={setReason}
          placeholder="如：依监管要求补充告知事项"
        />
      </FormGroup>
      <Button
        intent="primary"
        text={`发布为第${text.current + 1}版`}
        disabled={!changed}
        loading={busy}
        data-testid="disclosure-publish"
        onClick={() => void publish()}
      />
      <h3 className="fb-section-title">版本记录</h3>
      <ul className="fb-disclosure-versions" data-testid="disclosure-versions">
        {text.versions.map((v) => (
          <li key={v.version}>
            <Button variant="minimal" size="small" onClick={() => setViewing(viewing === v.version ? null : v.version)}>
              第{v.version}版
            </Button>
            {v.publishedAt.replace('T', ' ').slice(0, 16)} · {v.publishedBy} · {v.reason} · SHA-256{' '}
            {v.sha256.slice(0, 12)}…
          </li>
        ))}
      </ul>
      {shown && (
        <div className="fb-terms-body" data-testid="disclosure-version-body">
          <strong>
            {shown.title}（第{shown.version}版）
          </strong>
          {'\n'}
          {shown.body}
        </div>
      )}
    </Card>
  );
};
