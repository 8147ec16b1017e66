/** 场地信息: the site of the site-liability cover and its facilities. */
import { OTHER, facilities, siteRelations, siteTypes } from '@feibao/domain/ordering/catalogue';
import {
  AddButton,
  Field,
  NumberInput,
  RemoveButton,
  Section,
  Select,
  TextInput,
  YesNo,
  opts,
  patchAt,
  str,
  type Edit,
} from './controls.tsx';
import { newFacility, type FacilityState, type FormState, type SiteState } from './formState.ts';

export const SiteSection = ({ value, edit }: { value: FormState; edit: Edit }) => {
  const site = value.siteInfo;
  const set = (patch: Partial<SiteState>) => edit((s) => ({ ...s, siteInfo: { ...s.siteInfo, ...patch } }));
  const setFacilities = (fn: (list: FacilityState[]) => FacilityState[]) =>
    edit((s) => ({ ...s, siteInfo: { ...s.siteInfo, siteFacilitiesInfoList: fn(s.siteInfo.siteFacilitiesInfoList) } }));
  return (
    <Section id="site" title="场地信息">
      <div className="fb-form-grid">
        <Field label="投保场地" id="site-insureSite" wide>
          <TextInput
            id="site-insureSite"
            value={site.insureSite}
            onChange={(v) => set({ insureSite: v })}
            maxLength={200}
          />
        </Field>
        <Field label="场地面积（㎡）" id="site-siteSize" required>
          <NumberInput decimal id="site-siteSize" value={site.siteSize} onChange={(v) => set({ siteSize: v })} />
        </Field>
        <Field label="场地关系" id="site-siteIdentity">
          <Select
            id="site-siteIdentity"
            value={site.siteIdentity}
            options={opts(siteRelations)}
            onChange={(v) => set({ siteIdentity: v })}
          />
        </Field>
        <Field label="场地类型" id="site-siteType">
          <Select
            id="site-siteType"
            value={site.siteType}
            options={opts(siteTypes)}
            onChange={(v) => set({ siteType: v })}
          />
        </Field>
        {site.siteType === OTHER && (
          <Field label="场地类型说明" id="site-siteTypeRemark">
            <TextInput
              id="site-siteTypeRemark"
              value={site.siteTypeRemark}
              onChange={(v) => set({ siteTypeRemark: v })}
            />
          </Field>
        )}
        <Field label="是否有第三方进入" id="site-thirdPartyEnter">
          <YesNo
            name="site-thirdPartyEnter"
            value={site.thirdPartyEnter}
            onChange={(v) => set({ thirdPartyEnter: v })}
          />
        </Field>
        <Field label="是否有第三方经营" id="site-thirdPartyOperate">
          <YesNo
            name="site-thirdPartyOperate"
            value={site.thirdPartyOperate}
            onChange={(v) => set({ thirdPartyOperate: v })}
          />
        </Field>
        {str(site.thirdPartyOperate) === '1' && (
          <Field label="第三方经营说明" id="site-thirdPartyOperateRemark">
            <TextInput
              id="site-thirdPartyOperateRemark"
              value={site.thirdPartyOperateRemark}
              onChange={(v) => set({ thirdPartyOperateRemark: v })}
              maxLength={200}
            />
          </Field>
        )}
        <Field label="是否有历史事故" id="site-historyAccident">
          <YesNo
            name="site-historyAccident"
            value={site.historyAccident}
            onChange={(v) => set({ historyAccident: v })}
          />
        </Field>
        {str(site.historyAccident) === '1' && (
          <Field label="历史事故金额（元）" id="site-historyAccidentPrice">
            <NumberInput
              decimal
              id="site-historyAccidentPrice"
              value={site.historyAccidentPrice}
              onChange={(v) => set({ historyAccidentPrice: v })}
            />
          </Field>
        )}
      </div>
      <h3 className="fb-subhead">场地设施</h3>
      {site.siteFacilitiesInfoList.length === 0 && <p className="fb-muted">暂无场地设施。</p>}
      {site.siteFacilitiesInfoList.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: these rows have no identity of their own; their position is what the form edits
        <div key={i} className="fb-item-row" data-facility={i}>
          <div className="fb-form-grid fb-form-grid-4">
            <Field label="设施" id={`facility-${i}-name`}>
              <Select
                id={`facility-${i}-name`}
                value={f.name}
                options={opts(facilities)}
                onChange={(v) => setFacilities((l) => patchAt(l, i, { name: v }))}
              />
            </Field>
            {f.name === OTHER && (
              <Field label="设施说明" id={`facility-${i}-nameRemark`}>
                <TextInput
                  id={`facility-${i}-nameRemark`}
                  value={f.nameRemark}
                  onChange={(v) => setFacilities((l) => patchAt(l, i, { nameRemark: v }))}
                />
              </Field>
            )}
            <Field label="数量" id={`facility-${i}-count`}>
              <NumberInput
                id={`facility-${i}-count`}
                value={f.count}
                onChange={(v) => setFacilities((l) => patchAt(l, i, { count: v }))}
              />
            </Field>
          </div>
          <RemoveButton label={`删除设施${i + 1}`} onClick={() => setFacilities((l) => l.filter((_, j) => j !== i))} />
        </div>
      ))}
      <AddButton text="添加设施" onClick={() => setFacilities((l) => [...l, newFacility()])} />
    </Section>
  );
};
