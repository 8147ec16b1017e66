/**
 * 续保: confirm, with the insurers to ask (the policy's insurer chosen; the customer may add others), then
 * the renewal order is made and its plan opens, where the quotes come in as for any inquiry.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { renewalStart } from '@feibao/domain/ordering/renewal';
import { notifyError, toast } from '../../api/toaster.ts';
import { focusDialog } from '../../shared/dialogFocus.ts';
import { routesOf, type Variant } from '../../shared/site.ts';
import { renewOrder } from './api.ts';

export type RenewTarget = {
  id: string;
  orderNo: string;
  orderType: 0 | 1;
  policyNo: string | null;
  endDate: string | null;
  insuranceCompanyId: number | null;
};

type Props = { order: RenewTarget | null; variant: Variant; onClose: () => void };

export const RENEW_INSURER_REQUIRED = '请至少选择一家保险公司';

export const RenewDialog = ({ order, variant, onClose }: Props) => {
  const mobile = variant === 'mobile';
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => setChosen(order?.insuranceCompanyId ? [order.insuranceCompanyId] : []), [order]);
  const start = order?.endDate ? renewalStart(order.endDate, new Date()) : null;
  // A training order asks every insurer (domain inquiry chooseInsurers): nothing to choose.
  const choosing = order?.orderType === 0;

  const submit = async () => {
    if (!order) return;
    if (choosing && chosen.length === 0) {
      toast.warning(RENEW_INSURER_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      const env = await renewOrder(order.id, choosing ? chosen : undefined);
      toast.success(env.message || '已创建续保订单');
      onClose();
      const q = new URLSearchParams({ type: String(order.orderType), id: env.data.id });
      navigate(`${routesOf(variant).plan}?${q.toString()}`);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={order !== null}
      onClose={onClose}
      title="续保"
      className="fb-renew-dialog"
      onOpening={focusDialog}
      style={{ width: mobile ? '92vw' : 480 }}
    >
      <DialogBody>
        {order && (
          <p className="fb-renew-summary" data-testid="renew-summary">
            按保单 {order.policyNo} 的投保信息创建新订单，按今日规则重新报价。
            <br />
            新保单起保日期 <strong>{start?.startDate}</strong>
            {start && start.gapDays > 0 ? `（原保单已到期，脱保${start.gapDays}天）` : '（保障连续）'}
          </p>
        )}
        {choosing && (
          <FormGroup label="询价保险公司" labelInfo={<span className="fb-muted">（已选原承保公司，可添加其他）</span>}>
            <div className="fb-renew-insurers">
              {visibleInsurers.map((i) => (
                <Checkbox
                  key={i.id}
                  label={i.name}
                  large={mobile}
                  checked={chosen.includes(i.id)}
                  onChange={(e) =>
                    setChosen((c) => (e.currentTarget.checked ? [...c, i.id] : c.filter((id) => id !== i.id)))
                  }
                />
              ))}
            </div>
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button size={mobile ? 'large' : undefined} text="取消" onClick={onClose} />
            <Button
              size={mobile ? 'large' : undefined}
              intent="primary"
              text="确认续保"
              data-testid="renew-confirm"
              loading={busy}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};
