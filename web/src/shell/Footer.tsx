import { Link } from 'react-router-dom';

/** Site footer: support contact, the public 信息披露 page (docs/api/disclosure.md) and copyright. */
export const SUPPORT_CONTACT = 'service@feibao.example';

export const Footer = ({ compact }: { compact?: boolean }) => (
  <footer className={compact ? 'fb-footer fb-footer-compact' : 'fb-footer'}>
    <div>
      客服支持：<a href={`mailto:${SUPPORT_CONTACT}`}>{SUPPORT_CONTACT}</a>（工作日 9:00–18:00）
      {' · '}
      <Link to={compact ? '/touch/disclosure' : '/platform/disclosure'} data-testid="footer-disclosure">
        信息披露
      </Link>
    </div>
    <div>© 2025 飞保 FeiBao · 无人机保险经纪与理赔平台</div>
  </footer>
);
