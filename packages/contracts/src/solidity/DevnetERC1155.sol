// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC1155Supply} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Supply.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @notice A devnet ERC-1155 collection of token ids 1..tokenCount, minted for a fixed price per unit.
contract DevnetERC1155 is ERC1155Supply, ERC2981, Ownable {
    using Strings for uint256;

    error WrongPayment(uint256 expected, uint256 sent);
    error UnknownToken(uint256 id);

    string public name;
    string public symbol;
    uint256 public immutable tokenCount;
    uint256 public immutable mintPrice;

    string private _baseTokenURI;

    /// @param royaltyReceiver The zero address means no royalty.
    constructor(
        string memory name_,
        string memory symbol_,
        uint256 tokenCount_,
        uint256 mintPrice_,
        string memory baseURI_,
        address royaltyReceiver,
        uint96 royaltyBps
    ) ERC1155("") Ownable(msg.sender) {
        name = name_;
        symbol = symbol_;
        tokenCount = tokenCount_;
        mintPrice = mintPrice_;
        _baseTokenURI = baseURI_;
        if (royaltyReceiver != address(0)) {
            _setDefaultRoyalty(royaltyReceiver, royaltyBps);
        }
    }

    function mint(address to, uint256 id, uint256 amount) external payable {
        if (id == 0 || id > tokenCount) {
            revert UnknownToken(id);
        }
        if (msg.value != mintPrice * amount) {
            revert WrongPayment(mintPrice * amount, msg.value);
        }
        _mint(to, id, amount, "");
    }

    /// @dev The decimal id is appended rather than substituted for ERC-1155's `{id}` template, like most collections.
    function uri(uint256 id) public view override returns (string memory) {
        return string.concat(_baseTokenURI, id.toString());
    }

    function setURI(string calldata baseURI_) external onlyOwner {
        _baseTokenURI = baseURI_;
    }

    function withdraw() external onlyOwner {
        Address.sendValue(payable(owner()), address(this).balance);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, ERC2981) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
