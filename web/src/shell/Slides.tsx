import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { InsurerLogo } from '../ordering/InsurerLogo.tsx';
import { animateScroll } from '../shared/scroll.ts';

export const SLIDE_SPEED_MS = 400;

type Slide = { key: string; icon: IconName; title: string; lead: string; points: string[] };

/** The landing promises; no figures, and insurers only by their logos. */
export const slides: Slide[] = [
  {
    key: 'faster',
    icon: 'send-message',
    title: '投保更快捷',
    lead: '在线填写一次投保信息，即可向多家保险公司同时询价。',
    points: ['按场景引导选择险种', '草稿随时暂存', '报价完成即可在线投保'],
  },
  {
    key: 'compare',
    icon: 'comparison',
    title: '比价更全面',
    lead: '机身损失险、第三者责任险与教培组合险，同一方案内逐项对比。',
    points: ['按设备列出保额、期限与保费', '各家保险公司报价并排展示', '附加险一目了然'],
  },
  {
    key: 'cheaper',
    icon: 'bank-account',
    title: '保费更优惠',
    lead: '多家保险公司同台报价，您只需挑选最合适的一家。',
    points: ['七家承保公司任您比较', '教育培训场景专属保障', '在线核对方案后再投保'],
  },
  {
    key: 'claims',
    icon: 'endorsed',
    title: '理赔更便捷',
    lead: '理赔授权后自动获取无人机飞行数据，在线报案、上传材料、跟踪进度。',
    points: ['在线提交出险信息', '影像资料分类上传', '理赔进度实时查询'],
  },
];

/**
 * The supported insurers, by logo only (the logo's alt text is the insurer's name). Each of the
 * seven writes both drone hull and third-party liability cover, so they form one group of that kind.
 */
const INSURERS_CAPTION = '机身险与责任险承保公司';
const InsurerLogos = () => (
  <section className="fb-landing-insurers" aria-labelledby="fb-landing-insurers-caption">
    <h3 id="fb-landing-insurers-caption" className="fb-landing-insurers-caption">
      {INSURERS_CAPTION}
    </h3>
    <ul className="fb-landing-insurer-list">
      {visibleInsurers.map((insurer) => (
        <li key={insurer.id}>
          <InsurerLogo insurer={insurer} />
        </li>
      ))}
    </ul>
  </section>
);

type Props = { variant: 'desktop' | 'mobile'; insureTo: string; claimTo: string };

/**
 * Vertical full-page slides: on desktop a wheel step or a dot moves one slide in
 * 400 ms; on touch screens the page scrolls natively and snaps to each slide.
 */
export const Slides = ({ variant, insureTo, claimTo }: Props) => {
  const navigate = useNavigate();
  const refs = useRef<(HTMLElement | null)[]>([]);
  const animating = useRef(false);
  const [active, setActive] = useState(0);

  const topOf = (i: number) => {
    const el = refs.current[i];
    if (!el) return 0;
    const header =
      variant === 'desktop' ? ((document.querySelector('.fb-header') as HTMLElement | null)?.offsetHeight ?? 0) : 0;
    return Math.max(0, el.getBoundingClientRect().top + window.scrollY - header);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: slide positions are measured when called; only the variant changes the header offset
  const goTo = useCallback(
    async (i: number) => {
      const target = Math.max(0, Math.min(slides.length - 1, i));
      animating.current = true;
      setActive(target);
      await animateScroll(topOf(target), SLIDE_SPEED_MS);
      // A short settle time so one wheel gesture moves one slide.
      setTimeout(() => {
        animating.current = false;
      }, 120);
    },
    [variant],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: topOf measures the page when called; the listeners are re-attached when the slide or variant changes
  useEffect(() => {
    const onScroll = () => {
      if (animating.current) return;
      let idx = 0;
      for (let i = 0; i < slides.length; i++) if (topOf(i) <= window.scrollY + window.innerHeight / 2) idx = i;
      setActive(idx);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    if (variant !== 'desktop') return () => window.removeEventListener('scroll', onScroll);

    const onWheel = (e: WheelEvent) => {
      if (Math.abs(e.deltaY) < 4) return;
      const current = active;
      const down = e.deltaY > 0;
      // Past the last slide the page scrolls on to the footer as usual.
      if (down && current === slides.length - 1 && window.scrollY >= topOf(current) - 2) return;
      if (!down && window.scrollY > topOf(slides.length - 1) + 2) return;
      e.preventDefault();
      if (animating.current) return;
      void goTo(current + (down ? 1 : -1));
    };
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable]')) return;
      if (e.key === 'PageDown' || e.key === 'ArrowDown') {
        if (active < slides.length - 1) {
          e.preventDefault();
          void goTo(active + 1);
        }
      } else if (e.key === 'PageUp' || e.key === 'ArrowUp') {
        if (active > 0) {
          e.preventDefault();
          void goTo(active - 1);
        }
      }
    };
    window.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKey);
    };
  }, [active, goTo, variant]);

  const actions = (primary: boolean) => (
    <div className="fb-slide-actions">
      <Button
        intent="primary"
        size="large"
        icon="shield"
        text="投保"
        onClick={() => navigate(insureTo)}
        className={primary ? 'fb-cta' : undefined}
      />
      <Button
        size="large"
        icon="clipboard"
        text="理赔"
        onClick={() => navigate(claimTo)}
        className="fb-cta-secondary"
      />
    </div>
  );

  return (
    <div className={`fb-slides fb-slides-${variant}`}>
      {slides.map((s, i) => (
        <section
          key={s.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className={`fb-slide fb-slide-${i % 4}`}
          aria-label={s.title}
          data-slide={i}
        >
          <div className="fb-slide-content">
            {/* The page's one h1 names the site; each slide's promise is a section under it. */}
            {i === 0 && <h1 className="fb-slide-kicker">飞保 · 无人机保险经纪与理赔平台</h1>}
            <h2 className="fb-slide-title">
              <Icon icon={s.icon} size={variant === 'desktop' ? 36 : 24} /> {s.title}
            </h2>
            <p className="fb-slide-lead">{s.lead}</p>
            <ul className="fb-slide-points">
              {s.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            {s.key === 'cheaper' && <InsurerLogos />}
            {actions(i === 0)}
          </div>
          {variant === 'desktop' && i < slides.length - 1 && (
            <button type="button" className="fb-slide-next" aria-label="下一页" onClick={() => void goTo(i + 1)}>
              <Icon icon="chevron-down" size={28} />
            </button>
          )}
        </section>
      ))}
      {variant === 'desktop' && (
        <nav className="fb-slide-dots" aria-label="页面导航">
          {slides.map((s, i) => (
            <button
              key={s.key}
              type="button"
              className={i === active ? 'fb-dot fb-dot-active' : 'fb-dot'}
              aria-label={s.title}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => void goTo(i)}
            />
          ))}
        </nav>
      )}
    </div>
  );
};
