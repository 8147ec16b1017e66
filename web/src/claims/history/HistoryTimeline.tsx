/** A claim's history as a timeline: one entry per event (who, when, what, why), newest first. */
import { Tag } from '@blueprintjs/core';
import type { HistoryEntry } from '@feibao/domain/claims/history';
import type { Variant } from '../../shared/site.ts';
import { groupHistory, historyRowKey, newestFirst } from './timeline.ts';

export const HistoryTimeline = ({ entries, variant }: { entries: readonly HistoryEntry[]; variant: Variant }) => {
  const events = newestFirst(groupHistory(entries));
  if (events.length === 0) return <div className="fb-muted">暂无数据</div>;
  const mobile = variant === 'mobile';
  return (
    <ol
      className="fb-history-timeline"
      data-testid="history-timeline"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {events.map((event) => (
        <li
          key={event.key}
          className="fb-history-event"
          data-testid="history-event"
          data-operate-type={event.head.operateType}
          style={{ position: 'relative', padding: '0 0 14px 18px', borderLeft: '2px solid #d3d8de', marginLeft: 6 }}
        >
          <span
            aria-hidden
            style={{
              position: 'absolute',
              left: -7,
              top: 2,
              width: 12,
              height: 12,
              borderRadius: 6,
              background: '#2d72d2',
            }}
          />
          <div className="fb-row-between" style={{ gap: 8, flexWrap: mobile ? 'wrap' : undefined }}>
            <span>
              <Tag minimal intent="primary">
                {event.head.operateType}
              </Tag>{' '}
              <strong className="fb-history-who">{event.userName}</strong>
            </span>
            <time className="fb-muted fb-history-when">{event.operateDate}</time>
          </div>
          <div className="fb-history-what" style={{ marginTop: 4, wordBreak: 'break-all' }}>
            {event.head.moduleName !== '理赔单' && <span className="fb-muted">{event.head.moduleName} · </span>}
            {event.head.details}
          </div>
          {event.head.remark && (
            <div className="fb-history-why" style={{ marginTop: 2 }}>
              <span className="fb-muted">说明：</span>
              {event.head.remark}
            </div>
          )}
          {event.changes.length > 0 && (
            <ul className="fb-history-changes" style={{ margin: '6px 0 0', paddingLeft: 18 }}>
              {event.changes.map((c) => (
                <li key={historyRowKey(c)} data-testid="history-change" style={{ wordBreak: 'break-all' }}>
                  <span className="fb-muted">{c.moduleName} · </span>
                  {c.fieldName}（{c.operateType}）：{c.details}
                  {c.remark && (
                    <div className="fb-history-why">
                      <span className="fb-muted">说明：</span>
                      {c.remark}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
};
