import type { AlertType } from '@floordesk/protocol';

/** Save and Test run at most once within this quiet time: a double click sends one request. */
export const ACTION_DEBOUNCE_MS = 500;
/** How long the chat-bot entry of the menu shakes when the user has no chat id yet. */
export const MENU_SHAKE_MS = 3000;
/** The dialog's width at most (it sits 80 px from the top, as every dialog does). */
export const ALERT_DIALOG_MAX_WIDTH_PX = 900;
/** Its body is the window's height less this. */
export const ALERT_DIALOG_BODY_OFFSET_PX = 260;
/** Below this width the menu moves into a drawer opened by a Menu button (the header's top-menu breakpoint). */
export const MENU_DRAWER_BELOW_PX = 800;

/** The dialog's screens: the list, the chat-bot setup ('create'), and the form of each type. */
export type AlertMenuId = 'list' | 'create' | AlertType;

/**
 * The side menu, group by group: the list and the chat-bot setup, then each family's types. The original app's menu
 * left out 102, 201 and 303 although their forms exist; they are listed here so every type can be created.
 */
export const ALERT_MENU_GROUPS: readonly (readonly AlertMenuId[])[] = [
  ['list', 'create'],
  [101, 102, 103],
  [201, 202],
  [301, 302, 303],
  [401],
];

export function isAlertType(id: AlertMenuId): id is AlertType {
  return typeof id === 'number';
}

/** Where the chat link's last passed test is remembered: the chat id it passed for (our key). */
export const CHAT_TEST_PASSED_KEY = 'chat_test_passed';
