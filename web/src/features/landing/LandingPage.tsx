import { Alert, Box, Button, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Container } from '../../components/chakra/Container.ts';
import { EmailLinkSignIn } from '../../components/EmailLinkSignIn.tsx';
import { lazy, Suspense, useState } from 'react';
import { MoonIcon, PlayIcon, SparklesIcon, SunIcon } from '../../components/icons.tsx';
import { useColorMode } from '../../lib/color-mode.tsx';
import { useSession } from '../../lib/session.tsx';
import { FEATURES, FOOTER_GROUPS, STEPS, type LandingItem } from './landing-content.ts';

// The guide (a dialog) is rarely opened: keep it and Chakra's dialog machinery out of the landing bundle.
const DomainSetupGuide = lazy(() => import('./DomainSetupGuide.tsx'));

function scrollToId(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * Signed-out home (docs/product.md, "Landing"): promotes the product and starts the Google popup
 * sign-in, or sends a sign-in link by e-mail.
 */
export default function LandingPage() {
  const { signIn, signingIn, signInAttempted, domainUnauthorized } = useSession();
  const { colorMode, toggleColorMode } = useColorMode();
  const [guideOpen, setGuideOpen] = useState(false);
  const start = () => void signIn();

  // An unauthorised-domain failure is not toasted: it opens the setup guide (docs/product.md, "Sign-in").
  const [seenUnauthorized, setSeenUnauthorized] = useState(false);
  if (domainUnauthorized !== seenUnauthorized) {
    setSeenUnauthorized(domainUnauthorized);
    if (domainUnauthorized) setGuideOpen(true);
  }

  return (
    <Box minH="100dvh" bg="bg">
      <Flex
        as="header"
        h="16"
        px={{ base: '4', md: '8' }}
        align="center"
        gap="2"
        borderBottomWidth="1px"
        position="sticky"
        top="0"
        bg="bg/90"
        backdropFilter="blur(8px)"
        zIndex="sticky"
      >
        <Text fontWeight="bold" fontSize="xl" color="brand.fg" flex="1">
          Gatherly
        </Text>
        <Button variant="ghost" size="sm" hideBelow="sm" onClick={() => scrollToId('features')}>
          Features
        </Button>
        <Button variant="ghost" size="sm" hideBelow="sm" onClick={() => scrollToId('how-it-works')}>
          How It Works
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={colorMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
          onClick={toggleColorMode}
        >
          {colorMode === 'dark' ? <SunIcon /> : <MoonIcon />}
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={start}
          loading={signingIn}
          loadingText="Signing in..."
        >
          Sign In
        </Button>
      </Flex>

      <Box
        as="section"
        py={{ base: '16', md: '24' }}
        bgGradient="to-b"
        gradientFrom="brand.subtle"
        gradientTo="bg"
      >
        <Container maxW="4xl" textAlign="center">
          <Flex justify="center" mb="4">
            <Flex
              align="center"
              gap="2"
              px="3"
              py="1"
              borderRadius="full"
              bg="brand.subtle"
              color="brand.fg"
              fontSize="sm"
              fontWeight="medium"
            >
              <SparklesIcon /> Plan together, remember together
            </Flex>
          </Flex>
          <Heading
            as="h1"
            fontSize={{ base: '4xl', md: '6xl' }}
            lineHeight="1.1"
            letterSpacing="tight"
          >
            Every gathering,{' '}
            <Box as="span" color="brand.fg">
              perfectly coordinated
            </Box>
          </Heading>
          <Text mt="5" fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl" mx="auto">
            Weddings, reunions and trips with friends: one place for the schedule, RSVPs, flights,
            carpools and every photo.
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} justify="center" gap="3" mt="8">
            <Button size="lg" colorPalette="brand" onClick={start} disabled={signingIn}>
              Start Planning for Free
            </Button>
            <Button size="lg" variant="outline" onClick={() => scrollToId('how-it-works')}>
              <PlayIcon /> Watch Demo
            </Button>
          </Stack>
          <Box maxW="md" mx="auto" mt="8">
            {/* Signed-out visitors see this page on every route: the link leads back to it. */}
            <EmailLinkSignIn next={window.location.pathname + window.location.search} />
          </Box>
          {signingIn || signInAttempted ? (
            <Alert.Root
              status="info"
              mt="6"
              maxW="xl"
              mx="auto"
              textAlign="start"
              data-testid="popup-notice"
            >
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Sign-in opens in a popup window</Alert.Title>
                <Alert.Description>
                  If nothing appears, please enable popups for this site in your browser and try
                  again.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {domainUnauthorized ? (
            <Alert.Root status="warning" mt="4" maxW="xl" mx="auto" textAlign="start">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Domain not authorized</Alert.Title>
                <Alert.Description>
                  This domain is not yet authorized for sign-in. Follow the setup guide to add it.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Text mt="4" fontSize="sm" color="fg.muted">
            Trouble signing in?{' '}
            <Link
              as="button"
              color="brand.fg"
              textDecoration="underline"
              onClick={() => setGuideOpen(true)}
            >
              Domain authorization setup guide
            </Link>
          </Text>
        </Container>
      </Box>

      <Box as="section" id="how-it-works" py="20" scrollMarginTop="16">
        <Container maxW="6xl">
          <SectionHeading title="How It Works" subtitle="Three steps from idea to unforgettable." />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
            {STEPS.map((step, i) => (
              <Stack key={step.title} align="center" textAlign="center" gap="3" p="6">
                <Flex
                  w="14"
                  h="14"
                  borderRadius="full"
                  bg="brand.solid"
                  color="brand.contrast"
                  align="center"
                  justify="center"
                  fontSize="xl"
                  fontWeight="bold"
                >
                  {i + 1}
                </Flex>
                <Heading as="h3" size="lg">
                  {step.title}
                </Heading>
                <Text color="fg.muted">{step.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" id="features" py="20" bg="bg.subtle" scrollMarginTop="16">
        <Container maxW="6xl">
          <SectionHeading
            title="Everything your group needs"
            subtitle="Built for the way friends actually plan."
          />
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
            {FEATURES.map((feature) => (
              <FeatureCard key={feature.title} item={feature} />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" py="20">
        <Container maxW="4xl">
          <Stack
            align="center"
            textAlign="center"
            gap="5"
            p={{ base: '8', md: '12' }}
            borderRadius="2xl"
            bg="brand.solid"
            color="brand.contrast"
          >
            <Heading as="h2" fontSize={{ base: '2xl', md: '4xl' }}>
              Ready to bring everyone together?
            </Heading>
            <Text fontSize="lg" opacity={0.9}>
              Create your first event in under a minute. Free to start.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button
                size="lg"
                bg="white"
                color="gray.900"
                _hover={{ bg: 'gray.100' }}
                onClick={start}
                disabled={signingIn}
              >
                Start Planning Now
              </Button>
              <Button
                size="lg"
                variant="outline"
                color="inherit"
                borderColor="currentColor"
                _hover={{ bg: 'whiteAlpha.200' }}
                onClick={() => scrollToId('features')}
              >
                Learn More
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>

      <Box as="footer" borderTopWidth="1px" py="12">
        <Container maxW="6xl">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="8">
            <Stack gap="2" gridColumn={{ base: 'span 2', md: 'auto' }}>
              <Text fontWeight="bold" fontSize="lg" color="brand.fg">
                Gatherly
              </Text>
              <Text color="fg.muted" fontSize="sm">
                Event planning and coordination for friend groups.
              </Text>
            </Stack>
            {FOOTER_GROUPS.map((group) => (
              <Stack key={group.title} gap="2">
                <Text fontWeight="semibold">{group.title}</Text>
                {group.items.map((item) => (
                  <Text key={item} fontSize="sm" color="fg.muted">
                    {item}
                  </Text>
                ))}
              </Stack>
            ))}
          </SimpleGrid>
          <Text mt="10" fontSize="sm" color="fg.muted" textAlign="center">
            © 2024 Gatherly. All rights reserved.
          </Text>
        </Container>
      </Box>

      {guideOpen ? (
        <Suspense fallback={null}>
          <DomainSetupGuide onClose={() => setGuideOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}

function SectionHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack textAlign="center" gap="2" mb="12">
      <Heading as="h2" fontSize={{ base: '3xl', md: '4xl' }}>
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="lg">
        {subtitle}
      </Text>
    </Stack>
  );
}

function FeatureCard({ item }: { item: LandingItem }) {
  return (
    <Stack gap="3" p="6" borderRadius="xl" borderWidth="1px" bg="bg.panel">
      <Flex
        w="10"
        h="10"
        borderRadius="lg"
        bg="brand.subtle"
        color="brand.fg"
        align="center"
        justify="center"
      >
        <item.icon boxSize="5" />
      </Flex>
      <Heading as="h3" size="md">
        {item.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {item.text}
      </Text>
    </Stack>
  );
}
