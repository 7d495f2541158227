// The notifications feature's public face: the bell the side bar shows (issue 26).
export { NotificationBell } from './components/notification-bell';
