import { areaStaff, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/** The audit trail: staff of the audit area. */
export const auditAccess: ResourcePolicy = {
  resource: 'audit',
  routes: {
    [`GET ${U}/backoffice/audit/search`]: areaStaff('audit'),
    [`GET ${U}/backoffice/audit/history`]: areaStaff('audit'),
    [`GET ${U}/backoffice/audit/history.csv`]: areaStaff('audit'),
  },
};
