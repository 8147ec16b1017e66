/** The plan page's action bar and the insurer chooser of a new round of quotes. */
import { Button, Card, Checkbox } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import type { Insurer } from '@feibao/domain/ordering/catalogue';
import { InsurerLogo } from '../InsurerLogo.tsx';
import type { PlanScreen } from './usePlanScreen.ts';

type BarProps = {
  screen: PlanScreen;
  mobile: boolean;
  /** Partner entries (?from=) show no actions. */
  partner: boolean;
  onRevoke: () => void;
  onToggleChooser: () => void;
};

export const PlanActionBar = ({ screen, mobile, partner, onRevoke, onToggleChooser }: BarProps) => {
  const navigate = useNavigate();
  if (partner) return <div className={mobile ? 'fb-plan-actions fb-plan-actions-mobile' : 'fb-plan-actions'} />;
  const { busy, may } = screen;
  return (
    <div className={mobile ? 'fb-plan-actions fb-plan-actions-mobile' : 'fb-plan-actions'}>
      <Button icon="refresh" text="刷新" loading={busy === 'refresh'} onClick={() => void screen.manualRefresh()} />
      {may('revoke') && <Button icon="undo" intent="danger" variant="outlined" text="撤销询价" onClick={onRevoke} />}
      {may('newRound') && (
        <Button icon="search-template" intent="primary" variant="outlined" text="重新询价" onClick={onToggleChooser} />
      )}
      {may('reset') && <Button icon="reset" text="重置方案" loading={busy === 'reset'} onClick={screen.reset} />}
      <Button icon="arrow-left" variant="minimal" text="返回订单查询" onClick={() => navigate(screen.routes.list)} />
    </div>
  );
};

type ChooserProps = {
  screen: PlanScreen;
  mobile: boolean;
  chosen: number[];
  onChange: (chosen: number[]) => void;
  onClose: () => void;
};

export const InsurerChooser = ({ screen, mobile, chosen, onChange, onClose }: ChooserProps) => (
  <Card className="fb-chooser" aria-label="选择询价保险公司">
    <div className="fb-form-section">选择询价保险公司</div>
    <div className="fb-insurers">
      {(screen.insurers.data ?? []).map((i: Insurer) => (
        // biome-ignore lint/a11y/noLabelWithoutControl: the Blueprint checkbox inside is the control; the whole card toggles it
        <label key={i.id} className={chosen.includes(i.id) ? 'fb-insurer fb-insurer-on' : 'fb-insurer'}>
          <Checkbox
            checked={chosen.includes(i.id)}
            aria-label={i.name}
            large={mobile}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              onChange(on ? [...chosen, i.id] : chosen.filter((x) => x !== i.id));
            }}
          />
          <InsurerLogo insurer={i} />
        </label>
      ))}
    </div>
    <div className="fb-form-actions">
      <Button text="取消" onClick={onClose} />
      <Button
        intent="primary"
        text="开始询价"
        loading={screen.busy === 'inquiry'}
        onClick={() => void screen.newRound(chosen, onClose)}
      />
    </div>
  </Card>
);
