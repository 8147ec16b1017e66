import { CoverId } from '../../ordering/catalogue.ts';
import { graph, num, str, type TableRow } from '../jdm.ts';
import type { TariffTable } from './tariffTables.ts';

/**
 * Version 1 of an insurer's tariff rule, generated from its former rate table: a switch on the
 * cover, then per cover a data check (a decision table whose first hit sends the line to manual
 * verification or declines it), the factor tables, and one expression that prices the line.
 * The engine computes in decimals; the expression rounds to fen as roundYuan did.
 * Input: rules/rating.ts `TariffInput`; output: `kind`, `premium`, `deductible`, `reason`.
 */

type Bands = TariffTable['liability']['weight'];
type G = ReturnType<typeof graph>;

const manualMessages = {
  noDrone: '找不到对应的无人机信息，需保险公司核保',
  noQuantity: '缺少无人机数量，需保险公司核保',
  noPrice: '缺少无人机购价，需保险公司核保',
  noWeight: '缺少最大起飞重量，需保险公司核保',
  limitNotInTable: '责任限额不在费率表中，需保险公司核保',
  noHeads: '缺少投保人数，需保险公司核保',
  noAmount: '缺少保额，需保险公司核保',
  siteAmountNotInTable: '保额不在费率表中，需保险公司核保',
  noSiteSize: '缺少场地面积，需保险公司核保',
  noStudents: '缺少学员人数，需保险公司核保',
  noTariff: '该险种暂无自动费率，需保险公司核保',
} as const;

const missing = '$ == null or $ == 0';
const manual = (reason: string): readonly string[] => [str('manual'), str(reason)];
const checkOutputs: [string, string][] = [
  ['outcome.kind', '结论'],
  ['outcome.reason', '原因'],
];

/** Lookup by a string key with a fallback row. */
const factorRows = (table: Readonly<Record<string, number>>, fallback: number): TableRow[] => [
  ...Object.entries(table).map(([key, value]) => ({ when: [str(key)], give: [num(value)] })),
  { when: [''], give: [num(fallback)] },
];
/** First band whose bound is ≥ the value; unknown values and values above every bound take the last band. */
const bandRows = (bands: Bands): TableRow[] =>
  bands.map(([upTo, factor], i) => ({
    when: [i === bands.length - 1 || !Number.isFinite(upTo) ? '' : `$ != null and $ <= ${num(upTo)}`],
    give: [num(factor)],
  }));

const shortTerm = (t: TariffTable) => `term >= 365 ? 1 : min([1, term / 365 * ${num(t.shortTermLoading)}])`;

/** check → (refer | factor tables → price): the shape every cover branch shares. */
const branch = (
  g: G,
  from: string,
  handle: string,
  out: string,
  cover: string,
  check: { inputs: [string, string][]; rows: TableRow[] },
  priced: string[],
) => {
  const checkId = g.table(`${cover}资料检查`, check.inputs, checkOutputs, [
    ...check.rows,
    { when: [], give: ['null', 'null'] },
  ]);
  g.link(from, checkId, handle);
  const gate = g.switch(`${cover}能否自动报价`, ['outcome.kind != null', '']);
  g.link(checkId, gate.id);
  const refer = g.expression(`${cover}转人工`, [
    ['kind', 'outcome.kind'],
    ['reason', 'outcome.reason'],
  ]);
  g.link(gate.id, refer, gate.handles[0]);
  g.link(refer, out);
  g.link(gate.id, priced[0]!, gate.handles[1]);
  g.chain(...priced, out);
};

const hullTables = (g: G, t: TariffTable, cover: string) => [
  g.table(
    `${cover}机型系数`,
    [['drone.deviceType', '无人机类型']],
    [['factor.droneType', '机型系数']],
    factorRows(t.hull.droneType, 1.1),
  ),
  g.table(`${cover}机龄系数`, [['drone.ageYears', '机龄（年）']], [['factor.age', '机龄系数']], bandRows(t.hull.age)),
  g.table(
    `${cover}抗风系数`,
    [['drone.windResistance', '抗风等级']],
    [['factor.wind', '抗风系数']],
    factorRows(t.hull.wind, t.hull.wind.未知 ?? 1.1),
  ),
  g.table(
    `${cover}自救系数`,
    [['drone.selfRescuePlan', '自救方案']],
    [['factor.selfRescue', '自救系数']],
    factorRows(t.hull.selfRescue, 1),
  ),
  g.table(`${cover}行业系数`, [['field', '应用行业']], [['factor.field', '行业系数']], factorRows(t.field, 1.15)),
];
const weightTable = (g: G, t: TariffTable, cover: string) =>
  g.table(
    `${cover}重量系数`,
    [['drone.maxTakeoffKg', '最大起飞重量（kg）']],
    [['factor.weight', '重量系数']],
    bandRows(t.liability.weight),
  );

const hullAnnual = (t: TariffTable): [string, string][] => [
  [
    'loadings',
    `factor.droneType * factor.age * factor.wind * factor.selfRescue * (drone.realTimeData ? ${num(t.hull.realTimeData)} : 1) * factor.field`,
  ],
  ['hullAnnual', `quantity * drone.price * ${num(t.hull.rate)} * $.loadings`],
  ['shortTerm', shortTerm(t)],
  ['hullPremium', `max([$.hullAnnual * $.shortTerm, ${num(t.hull.minPremiumPerUnit)} * quantity])`],
];

const droneChecks = (
  t: TariffTable,
  {
    price,
    manualTypes = false,
    weight,
    limits,
  }: { price: boolean; manualTypes?: boolean; weight: boolean; limits?: readonly number[] },
) => {
  const inputs: [string, string][] = [
    ['drone', '无人机'],
    ['quantity', '数量'],
    ['amount', '保额/限额（万元）'],
    ['drone.price', '购价'],
    ['drone.deviceType', '无人机类型'],
    ['drone.maxTakeoffKg', '最大起飞重量'],
  ];
  const rows: TableRow[] = [
    { when: ['$ == null'], give: manual(manualMessages.noDrone) },
    { when: ['', '$ <= 0'], give: manual(manualMessages.noQuantity) },
  ];
  if (limits)
    rows.push({
      when: ['', '', `not ($ in [${limits.map(num).join(', ')}])`],
      give: manual(manualMessages.limitNotInTable),
    });
  if (price) {
    rows.push({ when: ['', '', '', missing], give: manual(manualMessages.noPrice) });
    const types = manualTypes ? (t.hull.manualDroneTypes ?? []) : [];
    if (types.length > 0)
      rows.push({
        when: ['', '', '', '', `$ in [${types.map(str).join(', ')}]`],
        give: [str('manual'), `drone.deviceType + ${str('机身险需保险公司核保')}`],
      });
  }
  if (weight) rows.push({ when: ['', '', '', '', '', missing], give: manual(manualMessages.noWeight) });
  return { inputs, rows };
};

export const tariffDecision = (t: TariffTable) => {
  const limit100 = t.liability.perUnit[100];
  if (limit100 === undefined)
    throw new Error(`insurer ${t.insurerId}: comprehensive cover needs a liability rate for limit 100`);
  const g = graph();
  const input = g.input();
  const out = g.output();
  const covers = g.switch('险种', [
    `cover == ${CoverId.hull}`,
    `cover == ${CoverId.liability}`,
    `cover == ${CoverId.comprehensive}`,
    `cover == ${CoverId.theft}`,
    `cover in [${CoverId.operatorAccident}, ${CoverId.staffAccident}, ${CoverId.studentAccident}]`,
    `cover == ${CoverId.siteLiability}`,
    `cover == ${CoverId.trainingLiability}`,
    '',
  ]);
  g.link(input, covers.id);
  const [hull, liability, comprehensive, theft, accident, site, training, other] = covers.handles as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const quoted = (deductible: string): [string, string][] => [
    ['kind', str('quoted')],
    ['deductible', deductible],
  ];

  branch(g, covers.id, hull, out, '机身险', droneChecks(t, { price: true, manualTypes: true, weight: false }), [
    ...hullTables(g, t, '机身险'),
    g.expression('机身险保费', [
      ...hullAnnual(t),
      ['premium', 'round($.hullPremium, 2)'],
      ...quoted(str(t.hull.deductible)),
    ]),
  ]);

  const limits = Object.keys(t.liability.perUnit).map(Number);
  const limitRows = limits.map((l) => ({
    when: [num(l)],
    give: [num(t.liability.perUnit[l]!), str(t.liability.deductible[l] ?? '人伤0免赔')],
  }));
  branch(g, covers.id, liability, out, '三者险', droneChecks(t, { price: false, weight: true, limits }), [
    g.table(
      '三者险责任限额',
      [['amount', '责任限额（万元）']],
      [
        ['limit.perUnit', '每架年保费'],
        ['limit.deductible', '免赔'],
      ],
      limitRows,
    ),
    weightTable(g, t, '三者险'),
    g.table('三者险行业系数', [['field', '应用行业']], [['factor.field', '行业系数']], factorRows(t.field, 1.15)),
    g.expression('三者险保费', [
      ['annual', 'quantity * limit.perUnit * factor.weight * factor.field'],
      ['shortTerm', shortTerm(t)],
      ['premium', `round(max([$.annual * $.shortTerm, ${num(t.liability.minPremiumPerUnit)} * quantity]), 2)`],
      ...quoted('limit.deductible'),
    ]),
  ]);

  branch(g, covers.id, comprehensive, out, '综合险', droneChecks(t, { price: true, manualTypes: true, weight: true }), [
    ...hullTables(g, t, '综合险'),
    weightTable(g, t, '综合险'),
    g.expression('综合险保费', [
      ...hullAnnual(t),
      [
        'liabilityPremium',
        `max([quantity * ${num(limit100)} * factor.weight * factor.field * $.shortTerm, ${num(t.liability.minPremiumPerUnit)} * quantity])`,
      ],
      ['premium', `round(($.hullPremium + $.liabilityPremium) * ${num(t.comprehensiveDiscount)}, 2)`],
      ...quoted(str(t.hull.deductible)),
    ]),
  ]);

  branch(g, covers.id, theft, out, '盗抢险', droneChecks(t, { price: true, weight: false }), [
    g.expression('盗抢险保费', [
      ['shortTerm', shortTerm(t)],
      [
        'premium',
        `round(max([quantity * drone.price * ${num(t.theft.rate)} * $.shortTerm, ${num(t.theft.minPremium)}]), 2)`,
      ],
      ...quoted(str(t.theft.deductible)),
    ]),
  ]);

  branch(
    g,
    covers.id,
    accident,
    out,
    '意外险',
    {
      inputs: [
        ['quantity', '人数'],
        ['amount', '保额（万元）'],
      ],
      rows: [
        { when: ['$ <= 0'], give: manual(manualMessages.noHeads) },
        { when: ['', '$ <= 0'], give: manual(manualMessages.noAmount) },
      ],
    },
    [
      g.table(
        '意外险费率',
        [['cover', '险种']],
        [['accident.perHead', '每万元保额年费率']],
        [
          { when: [num(CoverId.staffAccident)], give: [num(t.accident.staff)] },
          { when: [num(CoverId.studentAccident)], give: [num(t.accident.student)] },
          { when: [''], give: [num(t.accident.operator)] },
        ],
      ),
      g.expression('意外险保费', [
        ['perHead', `max([amount * accident.perHead * (min([term, 365]) / 365), ${num(t.accident.minPerHead)}])`],
        ['premium', 'round($.perHead * quantity, 2)'],
        ...quoted(str(t.accident.deductible)),
      ]),
    ],
  );

  if ('declined' in t.site) {
    const declined = g.expression('场地责任险拒保', [
      ['kind', str('declined')],
      ['reason', str(t.site.declined)],
    ]);
    g.link(covers.id, declined, site);
    g.link(declined, out);
  } else {
    const s = t.site;
    const siteLimits = Object.keys(s.perLimit).map(Number);
    branch(
      g,
      covers.id,
      site,
      out,
      '场地责任险',
      {
        inputs: [
          ['amount', '保额（万元）'],
          ['siteSize', '场地面积'],
        ],
        rows: [
          {
            when: [`not ($ in [${siteLimits.map(num).join(', ')}])`],
            give: manual(manualMessages.siteAmountNotInTable),
          },
          { when: ['', missing], give: manual(manualMessages.noSiteSize) },
        ],
      },
      [
        g.table(
          '场地责任险限额',
          [['amount', '保额（万元）']],
          [['limit.base', '基础年保费']],
          siteLimits.map((l) => ({ when: [num(l)], give: [num(s.perLimit[l]!)] })),
        ),
        g.expression('场地责任险保费', [
          [
            'annual',
            `(limit.base + siteSize * ${num(s.perSquareMetre)}) * (site.historyAccident ? ${num(s.historyAccidentLoading)} : 1) * (site.thirdParty ? ${num(s.thirdPartyLoading)} : 1)`,
          ],
          ['premium', `round(max([$.annual, ${num(s.minPremium)}]), 2)`],
          ...quoted(str(s.deductible)),
        ]),
      ],
    );
  }

  branch(
    g,
    covers.id,
    training,
    out,
    '培训责任险',
    { inputs: [['quantity', '学员人数']], rows: [{ when: ['$ <= 0'], give: manual(manualMessages.noStudents) }] },
    [
      g.expression('培训责任险保费', [
        ['perHead', `amount == 1 ? ${num(t.training.premiumPerHead)} : ${num(t.training.standardPerHead)}`],
        ['premium', `round(max([$.perHead * quantity, ${num(t.training.minPremium)}]), 2)`],
        ...quoted(str(t.training.deductible)),
      ]),
    ],
  );

  const none = g.expression('暂无费率', [
    ['kind', str('manual')],
    ['reason', str(manualMessages.noTariff)],
  ]);
  g.link(covers.id, none, other);
  g.link(none, out);
  return g.done();
};
