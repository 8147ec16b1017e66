/**
 * /platform/guide and /touch/guide: I am… → risks or scenarios →
 * (education training) the six education covers → the insure form.
 */
import { useState } from 'react';
import { Button, Card, Checkbox, Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { CoverId, insuranceTypeById } from '@feibao/domain/ordering/catalogue';
import { BackToTop } from '../shared/BackToTop.tsx';
import { TouchPageBar } from '../shared/TouchPageBar.tsx';
import { ContactDialog } from './ContactDialog.tsx';
import { guideScenarios } from './insure/formState.ts';
import { routesOf, type Variant } from '../shared/site.ts';

type Role = 'manufacturer' | 'operator' | 'scenario';

const roles: { id: Role; label: string; desc: string; icon: IconName }[] = [
  { id: 'manufacturer', label: '制造研发企业', desc: '无人机整机、零部件的生产与研发', icon: 'build' },
  { id: 'operator', label: '运营企业', desc: '提供飞行作业与运营服务', icon: 'airplane' },
  { id: 'scenario', label: '场景应用', desc: '在自身业务场景中使用无人机', icon: 'map' },
];

const risks: { label: string; icon: IconName }[] = [
  { label: '生产', icon: 'cog' },
  { label: '物流', icon: 'box' },
  { label: '工程', icon: 'wrench' },
  { label: '研发', icon: 'lab-test' },
  { label: '产品责任', icon: 'shield' },
];

const scenarioIcons: Record<string, IconName> = {
  教育培训: 'learning',
  农业植保: 'tree',
  应急消防: 'flame',
  巡检测绘: 'path-search',
  海上作业: 'ship',
  物流运输: 'box',
  飞行表演: 'clean',
  其他: 'more',
};

/** The six education covers, in the catalogue's order. */
export const educationCoverIds = [
  CoverId.hull,
  CoverId.liability,
  CoverId.staffAccident,
  CoverId.studentAccident,
  CoverId.siteLiability,
  CoverId.trainingLiability,
] as const;

const stepTitles = ['我是…', '选择场景', '选择保障'];

export const GuidePage = ({ variant, initialStep = 0 }: { variant: Variant; initialStep?: 0 | 1 | 2 }) => {
  const mobile = variant === 'mobile';
  const routes = routesOf(variant);
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1 | 2>(initialStep);
  const [role, setRole] = useState<Role>(initialStep === 2 ? 'scenario' : 'operator');
  const [risk, setRisk] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number[]>([...educationCoverIds]);
  const roleLabel = roles.find((r) => r.id === role)?.label ?? '';

  const pickScenario = (label: string) => {
    if (label === '教育培训') {
      setStep(2);
      return;
    }
    navigate(`${routes.insure}?type=0&jumpFrom=guide&text=${encodeURIComponent(label)}`);
  };

  const next = () => {
    navigate(
      `${routes.insure}?type=1&insuranceType=${chosen.join(',')}&jumpFrom=guide&text=${encodeURIComponent('教育培训')}`,
    );
  };

  const tile = (key: string, label: string, icon: IconName, onClick: () => void, desc?: string) => (
    <button key={key} type="button" className="fb-guide-tile" onClick={onClick}>
      <Icon icon={icon} size={mobile ? 22 : 32} className="fb-guide-icon" />
      <span className="fb-guide-tile-label">{label}</span>
      {desc && <span className="fb-guide-tile-desc">{desc}</span>}
    </button>
  );

  const stepper = (
    <ol className="fb-steps" aria-label="投保引导步骤">
      {stepTitles.map((t, i) => (
        <li
          key={t}
          className={i === step ? 'fb-step fb-step-active' : i < step ? 'fb-step fb-step-done' : 'fb-step'}
          aria-current={i === step ? 'step' : undefined}
        >
          <span className="fb-step-no">{i + 1}</span>
          <span>{t}</span>
        </li>
      ))}
    </ol>
  );

  const content = (
    <>
      {stepper}
      {step === 0 && (
        <div className="fb-guide-step">
          <h2 className="fb-guide-question">我是…</h2>
          <div className="fb-guide-grid fb-guide-grid-3">
            {roles.map((r) =>
              tile(
                r.id,
                r.label,
                r.icon,
                () => {
                  setRole(r.id);
                  setStep(1);
                },
                r.desc,
              ),
            )}
          </div>
        </div>
      )}
      {step === 1 && role === 'manufacturer' && (
        <div className="fb-guide-step">
          <h2 className="fb-guide-question">{roleLabel}：您关注哪类风险？</h2>
          <div className="fb-guide-grid">
            {risks.map((r) => tile(r.label, r.label, r.icon, () => setRisk(r.label)))}
          </div>
          <div className="fb-guide-nav">
            <Button size="large" text="上一步" icon="arrow-left" onClick={() => setStep(0)} />
          </div>
        </div>
      )}
      {step === 1 && role !== 'manufacturer' && (
        <div className="fb-guide-step">
          <h2 className="fb-guide-question">{roleLabel}：您的应用场景是？</h2>
          <div className="fb-guide-grid">
            {guideScenarios.map((s) =>
              tile(s.label, s.label, scenarioIcons[s.label] ?? 'more', () => pickScenario(s.label)),
            )}
          </div>
          <div className="fb-guide-nav">
            <Button size="large" text="上一步" icon="arrow-left" onClick={() => setStep(0)} />
          </div>
        </div>
      )}
      {step === 2 && (
        <div className="fb-guide-step">
          <h2 className="fb-guide-question">教育培训：请选择需要的保障</h2>
          <div className="fb-edu-covers">
            {educationCoverIds.map((id) => {
              const c = insuranceTypeById(id);
              return (
                <Card key={id} className={chosen.includes(id) ? 'fb-edu-cover fb-cover-on' : 'fb-edu-cover'}>
                  <Checkbox
                    large={mobile}
                    checked={chosen.includes(id)}
                    labelElement={<strong>{c?.name}</strong>}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setChosen((list) =>
                        on
                          ? educationCoverIds.filter((x) => x === id || list.includes(x))
                          : list.filter((x) => x !== id),
                      );
                    }}
                  />
                  <div className="fb-muted fb-cover-remark">{c?.remark}</div>
                </Card>
              );
            })}
          </div>
          <div className="fb-guide-nav">
            <Button size="large" text="上一步" icon="arrow-left" onClick={() => setStep(1)} />
            <Button size="large" intent="primary" text="下一步" endIcon="arrow-right" onClick={next} />
          </div>
        </div>
      )}
      <ContactDialog
        risk={risk}
        enterpriseType={roleLabel}
        mobile={mobile}
        onClose={() => setRisk(null)}
        onDone={() => {
          setRisk(null);
          navigate(routes.home);
        }}
      />
    </>
  );

  if (mobile)
    return (
      <div className="fb-m-page fb-m-guide">
        <TouchPageBar title="开始投保" />
        <div className="fb-m-card">{content}</div>
        <BackToTop />
      </div>
    );
  return (
    <div className="fb-page fb-guide-page">
      <h1 className="fb-page-title">开始投保</h1>
      <Card className="fb-card">{content}</Card>
      <BackToTop />
    </div>
  );
};
