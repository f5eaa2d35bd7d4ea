// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @notice A devnet ERC-721 collection: paid sequential mints, royalties and an optional delayed reveal.
contract DevnetERC721 is IERC4906, ERC721, ERC2981, Ownable {
    using Strings for uint256;

    error WrongPayment(uint256 expected, uint256 sent);
    error MaxSupplyExceeded(uint256 requested, uint256 remaining);

    uint256 public immutable maxSupply;
    uint256 public immutable mintPrice;
    uint256 public totalSupply;
    bool public revealed;

    string private _baseTokenURI;
    string private _hiddenURI;

    /// @param hiddenURI_ The URI of every token until `reveal()`; empty means revealed from the start.
    /// @param royaltyReceiver The zero address means no royalty.
    constructor(
        string memory name_,
        string memory symbol_,
        uint256 maxSupply_,
        uint256 mintPrice_,
        string memory baseURI_,
        string memory hiddenURI_,
        address royaltyReceiver,
        uint96 royaltyBps
    ) ERC721(name_, symbol_) Ownable(msg.sender) {
        maxSupply = maxSupply_;
        mintPrice = mintPrice_;
        _baseTokenURI = baseURI_;
        _hiddenURI = hiddenURI_;
        revealed = bytes(hiddenURI_).length == 0;
        if (royaltyReceiver != address(0)) {
            _setDefaultRoyalty(royaltyReceiver, royaltyBps);
        }
    }

    /// @notice Mints `quantity` tokens to `to` with the next ids, starting at 1.
    function mint(address to, uint256 quantity) external payable {
        if (msg.value != mintPrice * quantity) {
            revert WrongPayment(mintPrice * quantity, msg.value);
        }
        uint256 minted = totalSupply;
        if (minted + quantity > maxSupply) {
            revert MaxSupplyExceeded(quantity, maxSupply - minted);
        }
        // Counted before minting so that a receiver hook minting again gets the following ids.
        totalSupply = minted + quantity;
        for (uint256 i = 1; i <= quantity; ++i) {
            _safeMint(to, minted + i);
        }
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return revealed ? string.concat(_baseTokenURI, tokenId.toString()) : _hiddenURI;
    }

    function reveal() external onlyOwner {
        revealed = true;
        emit BatchMetadataUpdate(1, type(uint256).max);
    }

    function setURIs(string calldata baseURI_, string calldata hiddenURI_) external onlyOwner {
        _baseTokenURI = baseURI_;
        _hiddenURI = hiddenURI_;
        emit BatchMetadataUpdate(1, type(uint256).max);
    }

    function withdraw() external onlyOwner {
        Address.sendValue(payable(owner()), address(this).balance);
    }

    function supportsInterface(bytes4 interfaceId)
        public
        view
        override(IERC165, ERC721, ERC2981)
        returns (bool)
    {
        return interfaceId == bytes4(0x49064906) || super.supportsInterface(interfaceId);
    }
}
