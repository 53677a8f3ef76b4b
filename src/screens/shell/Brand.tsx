import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../app/product.ts';

export function Brand() {
  return (
    <Text component={Link} to="/" fw={700} size="lg" c="indigo" style={{ textDecoration: 'none' }}>
      {PRODUCT_NAME}
    </Text>
  );
}
