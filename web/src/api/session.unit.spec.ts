import { beforeEach, describe, expect, it } from 'vitest';
import {
  GUEST_FLAG,
  STORAGE_KEYS,
  accessTokenOf,
  clearSession,
  displayName,
  safeLocalPath,
  saveSession,
  saveTokens,
  sessionStore,
  setRedirect,
  takeRedirect,
} from './session.ts';

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    clearSession();
  });

  it('stores tokens, user and the guest flag', () => {
    saveSession({
      accessToken: 't'.repeat(30),
      refreshToken: 'r',
      user: { name: '访客', mobilePhone: '', guest: true },
    });
    expect(localStorage.getItem(STORAGE_KEYS.guest)).toBe(GUEST_FLAG);
    expect(displayName(sessionStore.get())).toBe('访客');
  });

  it('takes the roles a refresh answers, so granted roles reach the screens with the new token', () => {
    saveSession({
      accessToken: 'a'.repeat(30),
      refreshToken: 'r1',
      user: { name: '张三', mobilePhone: '13800000000', roles: ['user'] },
    });
    saveTokens('b'.repeat(30), 'r2', { name: '张三', mobilePhone: '13800000000', roles: ['user', 'claims'] });
    expect(sessionStore.get()).toMatchObject({
      accessToken: 'b'.repeat(30),
      refreshToken: 'r2',
      user: { name: '张三', roles: ['user', 'claims'] },
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!).roles).toEqual(['user', 'claims']);
    saveTokens('c'.repeat(30), 'r3');
    expect(sessionStore.get()?.user?.roles).toEqual(['user', 'claims']);
  });

  it('reads the token from data.message for old responses', () => {
    expect(accessTokenOf({ code: 20000, message: 'm'.repeat(40) })).toBe('m'.repeat(40));
    expect(accessTokenOf({ code: 20000, message: '登录成功' })).toBeNull();
  });

  it('logout clears token, user, insure form, guest flag and redirect', () => {
    saveSession({ accessToken: 't'.repeat(30), refreshToken: 'r', user: { name: '张三', mobilePhone: '13800000000' } });
    localStorage.setItem(STORAGE_KEYS.insureForm, '{}');
    setRedirect('/platform/userInformation');
    clearSession();
    for (const k of [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.guest,
      STORAGE_KEYS.insureForm,
      STORAGE_KEYS.redirect,
    ])
      expect(localStorage.getItem(k)).toBeNull();
    expect(sessionStore.get()).toBeNull();
  });

  it('honours only local redirect paths', () => {
    setRedirect('//evil.example/x');
    expect(takeRedirect()).toBeNull();
    expect(safeLocalPath('/touch/index?a=1')).toBe('/touch/index?a=1');
    expect(safeLocalPath('https://evil.example')).toBeNull();
  });
});
