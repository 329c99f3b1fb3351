import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface AuthLayoutProps {
  title: string;
  children: ReactNode;
  footer: ReactNode;
}

export function AuthLayout({ title, children, footer }: AuthLayoutProps) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="overline" component="p" color="primary" sx={{ fontWeight: 700, letterSpacing: 2 }}>
            Charta
          </Typography>
          <Typography variant="h1" sx={{ mb: 3 }}>
            {title}
          </Typography>
          {children}
          <Box sx={{ mt: 3, textAlign: 'center' }}>{footer}</Box>
        </CardContent>
      </Card>
    </Box>
  );
}
