import type { SchedulePhrases } from './types';

/** Chinese (Simplified). `zhCN` differs only in the Intl locale used for names and dates. */
export const zh: SchedulePhrases = {
  intlLocale: 'zh',
  joiner: '',
  periods: {
    minute: { every: '每', label: '分钟' },
    hour: { every: '每', label: '小时' },
    day: { every: '每', label: '天' },
    week: { every: '每', label: '周' },
    month: { every: '每', label: '月' },
    year: { every: '每', label: '年' },
  },
  fields: {
    month: { prefix: '的', empty: '每个月' },
    dayOfMonth: { prefix: '的', empty: '每一天' },
    dayOfWeek: { prefix: '的', empty: '一周中的每一天' },
    hour: { prefix: '的', empty: '每小时' },
    minute: { prefix: ':', empty: '每分钟' },
  },
  overrides: {
    hour: { minute: { prefix: '的第', suffix: '分钟', emptyPrefix: '的', emptySuffix: '' } },
    month: { dayOfWeek: { prefix: '和' } },
    year: { dayOfWeek: { prefix: '和' } },
  },
  fieldNames: {
    minute: '分钟',
    hour: '小时',
    dayOfMonth: '日期',
    month: '月份',
    dayOfWeek: '星期',
  },
  periodName: '周期',
  errors: { 'invalid pattern': '无效的模式', 'invalid selection': '无效的选择' },
  describe: {
    everyMinute: '每分钟',
    atTimes: '在 {times}',
    minuteList: '在第 {list} 分钟',
    minuteEvery: '每 {n} 分钟',
    everyHour: '每小时',
    hourList: '在 {list} 点',
    hourEvery: '每 {n} 小时',
    everyDay: '每天',
    dayList: '每月 {list} 日',
    monthList: '在{list}',
    weekdayList: '在{list}',
    separator: '，',
  },
  nextRuns: '接下来的运行时间',
  noRuns: '没有即将进行的运行',
  reset: '重置',
};

export const zhCN: SchedulePhrases = { ...zh, intlLocale: 'zh-CN' };
