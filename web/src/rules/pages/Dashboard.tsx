import { useEffect } from 'react';
import { Card, Icon, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { groupIcons, pathOf, roleNames, useFrame } from '../frame.ts';

/** 首页: who is signed in and the groups they may use, each a way in. */
export const Dashboard = () => {
  const { profile, menu } = useFrame();
  useEffect(() => {
    document.title = '首页 · 飞保规则平台';
  }, []);
  return (
    <div className="rp-page" data-testid="rules-dashboard">
      <h2 className="rp-page-title">欢迎，{profile.name}</h2>
      <p className="rp-roles">
        {profile.roles
          .filter((r) => r !== 'user')
          .map((r) => (
            <Tag key={r} minimal intent="primary">
              {roleNames[r] ?? r}
            </Tag>
          ))}
        {profile.superUser && (
          <Tag minimal intent="warning">
            超级用户
          </Tag>
        )}
      </p>
      <div className="rp-cards">
        {menu.map((group) => (
          <Card key={group.key} className="rp-card">
            <h3>
              <Icon icon={groupIcons[group.key]} /> {group.title}
            </h3>
            <ul>
              {group.items.map((item) => (
                <li key={item.route}>
                  <Link to={pathOf(item.route)}>{item.title}</Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
};
