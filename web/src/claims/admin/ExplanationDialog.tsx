/**
 * The admin's amendment dialog: every changed field (module, field, old → new) with a required
 * explanation; the explanations become the remarks of the claim's history.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, Tag, TextArea } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import type { FieldChange } from '@feibao/domain/claims/claim.events';
import { EXPLANATION_MAX, shownValue } from './amendment.ts';
import { focusDialog } from '../../shared/dialogFocus.ts';

type Props = {
  isOpen: boolean;
  rows: readonly FieldChange[];
  remarks: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  busy: boolean;
  onChange: (path: string, remark: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
};

const operateIntent = (type: FieldChange['operateType']): Intent =>
  type === '新增' ? 'success' : type === '删除' ? 'danger' : 'primary';

/** One layout for both sites: stacked rows read on a phone and in a 720px dialog alike. */
export const ExplanationDialog = ({ isOpen, rows, remarks, errors, busy, onChange, onConfirm, onCancel }: Props) => (
  <Dialog
    isOpen={isOpen}
    onClose={busy ? undefined : onCancel}
    canOutsideClickClose={false}
    title="修改说明"
    className="fb-amend-dialog"
    onOpening={focusDialog}
    style={{ width: 'min(720px, 94vw)' }}
  >
    <DialogBody>
      <div data-testid="amend-dialog">
        <Callout intent="primary" compact>
          以下 {rows.length} 项内容已修改，请逐项填写修改说明后保存。
        </Callout>
        <ol className="fb-amend-rows" style={{ listStyle: 'none', padding: 0, margin: '12px 0 0' }}>
          {rows.map((row, i) => {
            const id = `amend-explanation-${i}`;
            const error = errors[row.path];
            return (
              <li
                key={row.path}
                data-testid={`amend-row-${row.path}`}
                data-path={row.path}
                style={{ padding: '8px 0', borderTop: i === 0 ? undefined : '1px solid #e5e8eb' }}
              >
                <div className="fb-row-between" style={{ gap: 8, flexWrap: 'wrap' }}>
                  <span>
                    <span className="fb-muted">{row.moduleName}</span> · <strong>{row.fieldName}</strong>
                  </span>
                  <Tag minimal intent={operateIntent(row.operateType)}>
                    {row.operateType}
                  </Tag>
                </div>
                <div className="fb-amend-values" style={{ margin: '4px 0 6px', wordBreak: 'break-all' }}>
                  <span
                    className="fb-amend-old"
                    style={{ textDecoration: row.operateType === '新增' ? undefined : 'line-through' }}
                  >
                    {shownValue(row.oldValue)}
                  </span>
                  {' → '}
                  <span className="fb-amend-new">{shownValue(row.newValue)}</span>
                </div>
                <FormGroup
                  label="修改说明"
                  labelFor={id}
                  labelInfo={<span className="fb-required">*</span>}
                  intent={error ? 'danger' : 'none'}
                  helperText={
                    error ? (
                      <span className="fb-field-error" role="alert" data-testid={`amend-error-${row.path}`}>
                        {error}
                      </span>
                    ) : undefined
                  }
                  style={{ marginBottom: 0 }}
                >
                  <TextArea
                    id={id}
                    fill
                    autoResize
                    rows={2}
                    maxLength={EXPLANATION_MAX}
                    intent={error ? 'danger' : 'none'}
                    value={remarks[row.path] ?? ''}
                    placeholder="请填写修改原因"
                    data-testid={`amend-explanation-${row.path}`}
                    onChange={(e) => onChange(row.path, e.currentTarget.value)}
                  />
                </FormGroup>
              </li>
            );
          })}
        </ol>
      </div>
    </DialogBody>
    <DialogFooter
      actions={
        <>
          <Button text="取消" disabled={busy} onClick={onCancel} data-testid="amend-cancel" />
          <Button intent="primary" text="保存并提交" loading={busy} onClick={onConfirm} data-testid="amend-confirm" />
        </>
      }
    />
  </Dialog>
);
