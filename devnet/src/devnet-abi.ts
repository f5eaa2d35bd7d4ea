import { parseAbi } from 'viem';

/** The devnet collections' own functions (the standard ERC-721/1155 ones come from viem's ABIs). */
export const DEVNET_ERC721_ABI = parseAbi([
  'function mint(address to, uint256 quantity) payable',
  'function reveal()',
  'function revealed() view returns (bool)',
  'function setURIs(string baseURI, string hiddenURI)',
  'function totalSupply() view returns (uint256)',
  'function maxSupply() view returns (uint256)',
  'function setApprovalForAll(address operator, bool approved)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
]);

export const DEVNET_ERC1155_ABI = parseAbi([
  'function mint(address to, uint256 id, uint256 amount) payable',
  'function setURI(string baseURI)',
  'function setApprovalForAll(address operator, bool approved)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
]);

export const ETH_USD_FEED_ABI = parseAbi([
  'function updateAnswer(int256 answer)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);
