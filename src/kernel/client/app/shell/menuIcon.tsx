import * as Icons from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * A menu item names its icon the way antd does ("BookOutlined"). Only the icons a menu may name are bundled:
 * the demo menu's, plus common ones an administrator is likely to pick. An unknown name shows a neutral icon
 * rather than nothing, so the menu keeps its alignment.
 */
const MENU_ICONS = {
  HomeOutlined: Icons.HomeOutlined,
  ApartmentOutlined: Icons.ApartmentOutlined,
  ApiOutlined: Icons.ApiOutlined,
  AppstoreAddOutlined: Icons.AppstoreAddOutlined,
  AppstoreOutlined: Icons.AppstoreOutlined,
  BellOutlined: Icons.BellOutlined,
  BookOutlined: Icons.BookOutlined,
  BranchesOutlined: Icons.BranchesOutlined,
  CheckSquareOutlined: Icons.CheckSquareOutlined,
  ClusterOutlined: Icons.ClusterOutlined,
  CodeOutlined: Icons.CodeOutlined,
  ContainerOutlined: Icons.ContainerOutlined,
  DashboardOutlined: Icons.DashboardOutlined,
  DatabaseOutlined: Icons.DatabaseOutlined,
  EnvironmentOutlined: Icons.EnvironmentOutlined,
  ExperimentOutlined: Icons.ExperimentOutlined,
  FileSearchOutlined: Icons.FileSearchOutlined,
  FileTextOutlined: Icons.FileTextOutlined,
  FormOutlined: Icons.FormOutlined,
  FundProjectionScreenOutlined: Icons.FundProjectionScreenOutlined,
  IdcardOutlined: Icons.IdcardOutlined,
  InboxOutlined: Icons.InboxOutlined,
  LinkOutlined: Icons.LinkOutlined,
  LockOutlined: Icons.LockOutlined,
  MailOutlined: Icons.MailOutlined,
  MessageOutlined: Icons.MessageOutlined,
  NumberOutlined: Icons.NumberOutlined,
  PartitionOutlined: Icons.PartitionOutlined,
  PrinterOutlined: Icons.PrinterOutlined,
  ProfileOutlined: Icons.ProfileOutlined,
  ReadOutlined: Icons.ReadOutlined,
  SafetyOutlined: Icons.SafetyOutlined,
  ScheduleOutlined: Icons.ScheduleOutlined,
  SearchOutlined: Icons.SearchOutlined,
  SendOutlined: Icons.SendOutlined,
  SettingOutlined: Icons.SettingOutlined,
  ShopOutlined: Icons.ShopOutlined,
  ShoppingCartOutlined: Icons.ShoppingCartOutlined,
  TeamOutlined: Icons.TeamOutlined,
  ToolOutlined: Icons.ToolOutlined,
  UnorderedListOutlined: Icons.UnorderedListOutlined,
  UserOutlined: Icons.UserOutlined,
  UsergroupAddOutlined: Icons.UsergroupAddOutlined,
} satisfies Record<string, ComponentType>;

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon: ComponentType = (name && (MENU_ICONS as Record<string, ComponentType>)[name]) || Icons.AppstoreOutlined;
  return <Icon />;
}
