/**
 * The broker as every document names it: 飞保 is the intermediary between the customer and the
 * insurer. One place, so a licence renewal changes one line.
 */
export const broker = {
  name: '飞保保险经纪有限公司',
  shortName: '飞保',
  licence: '经营保险经纪业务许可证 编号：260837000000800',
  address: '上海市浦东新区碧波路690号',
  servicePhone: '400-820-6688',
} as const;
