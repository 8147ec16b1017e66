import { Button, Drawer, Switch } from '@blueprintjs/core';
import { settingsStore, THEME_COLOURS, useSettings } from '../settings.ts';

/** 系统布局设置: applied at once and kept across reloads (settings.ts). */
export const SettingsDrawer = ({
  isOpen,
  onClose,
  narrow,
}: {
  isOpen: boolean;
  onClose: () => void;
  narrow: boolean;
}) => {
  const settings = useSettings();
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      title="系统布局设置"
      icon="cog"
      size={narrow ? '85%' : 300}
      className="rp-settings"
    >
      <div className="rp-settings-body" data-testid="rules-settings">
        <div className="rp-settings-row">
          <span>主题色</span>
          <fieldset className="rp-swatches" aria-label="主题色">
            {THEME_COLOURS.map((colour) => (
              <button
                key={colour}
                type="button"
                aria-pressed={settings.theme === colour}
                aria-label={colour}
                className="rp-swatch"
                style={{ background: colour }}
                onClick={() => settingsStore.set({ theme: colour })}
              />
            ))}
          </fieldset>
        </div>
        <Switch
          label="开启 Tags-View"
          checked={settings.tagsView}
          onChange={(e) => settingsStore.set({ tagsView: e.currentTarget.checked })}
          alignIndicator="end"
        />
        <Switch
          label="固定 Header"
          checked={settings.fixedHeader}
          onChange={(e) => settingsStore.set({ fixedHeader: e.currentTarget.checked })}
          alignIndicator="end"
        />
        <Switch
          label="侧边栏 Logo"
          checked={settings.sidebarLogo}
          onChange={(e) => settingsStore.set({ sidebarLogo: e.currentTarget.checked })}
          alignIndicator="end"
        />
        <Button
          text="恢复默认"
          variant="outlined"
          onClick={() =>
            settingsStore.set({ theme: THEME_COLOURS[0], tagsView: true, fixedHeader: true, sidebarLogo: true })
          }
        />
      </div>
    </Drawer>
  );
};
