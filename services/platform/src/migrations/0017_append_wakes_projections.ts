import { EmmettDdlV2 } from '../emmettTables.ts';

/** Appenders wake the projection runners after their commit instead of a trigger inside it (../emmettTables.ts). */
export const sql = EmmettDdlV2.dropNotifyTrigger;
